/// Blank room added above and below a line of capitals and digits before it is read. Tesseract's
/// `LSTMRecognizeWord` widens each word's box to its row's baseline plus descenders below and x-height plus
/// ascenders above, so a word of capitals and digits ("CHF 385.96", "05/05") is read with a row's room around
/// it, as the network was trained; our line finder's box holds only its ink, which scaled to the network's
/// height draws the letters larger than any it learnt: it read "CHE" for "CHF" and "@5/05" for "05/05".
///
/// Only boxes with nothing above nor below the band most of their ink is in get the room (a line with
/// ascenders or descenders already spans a row), and the room is blank ground, not the page: over a photo
/// the page's rows around a line hold texture the network reads as letters (tuning seed 7: widening into the
/// page itself lost 2.4 points on tables over photos, and made "lamp" `Lamp` by changing the scale of lines
/// with ascenders).
extension InkProfile {
    /// A line whose ink rises above or drops below its band by this share of the band has ascenders or
    /// descenders.
    static let outsideShare = 0.15
    /// The room a band of capitals or digits gets, in band heights, measured from its baseline: a row's
    /// x-height is about 0.7 of its capitals; Tesseract's row reaches 1.5 x-heights above the baseline and its
    /// default descender 0.5 x-heights below.
    static let roomAbove = 1.05
    static let roomBelow = 0.35
    /// Bands of fewer pixels get no room: the rectangle's fixed padding is room enough there, and small
    /// timestamps in chats, scaled up by the stage ("15:51" at 9 px, 13 px bands after scaling), read worse
    /// with more (tuning seeds 7 and 8: chat −2.3 and −0.6 points with 14 px).
    static let smallestBand = 20

    /// The largest mean step between neighbouring pixels along the rows of the rectangle outside its ink for the
    /// ground to count as plain: a photo's texture steps further, and blank room next to it is a seam the
    /// network reads as letters (tuning seeds 7 and 8: boarding and table pages over photos lost words).
    static let plainGround = 4.0

    /// The blank rows to add above and below `rowsNow` (the page rows of the rectangle measured, which keep
    /// `padding` rows around the ink), in the rectangle's pixels: zero for a line with ascenders or
    /// descenders, on a ground that is not plain, or whose ink cannot be measured.
    func blankRoom(rowsNow: Range<Int>, padding: Int, page: GrayImage) -> (above: Int, below: Int) {
        guard let fullest = rows.max(), fullest > 0,
              let inkTop = rows.firstIndex(where: { $0 > 0 }), let inkBottom = rows.lastIndex(where: { $0 > 0 }),
              let bandTop = rows.firstIndex(where: { 10 * $0 >= 3 * fullest }),
              let baseline = rows.lastIndex(where: { 10 * $0 >= 3 * fullest }) else { return (0, 0) }
        let band = Double(baseline - bandTop + 1)
        guard baseline - bandTop + 1 >= Self.smallestBand, Double(bandTop - inkTop) < Self.outsideShare * band,
              Double(inkBottom - baseline) < Self.outsideShare * band else { return (0, 0) }
        let margins = Array(0..<inkTop) + Array((inkBottom + 1)..<rows.count)
        guard !margins.isEmpty, Self.meanStep(rows: margins.map { top + $0 }, columns: left..<(left + columns.count),
                                              page: page) <= Self.plainGround else { return (0, 0) }
        // Rows the rectangle already has above and below the baseline (the baseline row counts above).
        let haveAbove = Double(top + baseline + 1 - rowsNow.lowerBound)
        let haveBelow = Double(rowsNow.upperBound - (top + baseline + 1))
        let above = max(0, Int((Self.roomAbove * band + Double(padding) - haveAbove).rounded()))
        let below = max(0, Int((Self.roomBelow * band + Double(padding) - haveBelow).rounded()))
        return (above, below)
    }

    /// The mean absolute difference between horizontally neighbouring pixels of `rows` over `columns` of `page`.
    static func meanStep(rows: [Int], columns: Range<Int>, page: GrayImage) -> Double {
        guard columns.count >= 2 else { return 0 }
        var total = 0
        for y in rows {
            let base = y * page.width
            for x in (columns.lowerBound + 1)..<columns.upperBound {
                total += abs(Int(page.pixels[base + x]) - Int(page.pixels[base + x - 1]))
            }
        }
        return Double(total) / Double(rows.count * (columns.count - 1))
    }
}
