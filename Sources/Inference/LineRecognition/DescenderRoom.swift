/// Room below the baseline of a line of capitals and digits, read from the page itself. Tesseract's
/// `LSTMRecognizeWord` widens each word's box down to its row's descender line (baseline plus the row's
/// descenders) before its network reads it, so the network learnt letters with a descender's room under them.
/// Our line finder's box ends at the ink, and a line of capitals and digits alone ("CHF 385.96", an amount
/// column's cell) scaled to the network's height draws its letters taller than any it learnt: its F came back
/// `E` (Tesseract's own network reads `CHE` too on our box, and `CHF` with 2-4 more rows below).
///
/// Only where the room cannot be mistaken for something else: capitals and digits (ink spread evenly over
/// its height: lower-case letters with ascenders, "2 lb olive oil", read `Ib` with room), at least five times
/// as wide as tall (short codes such as "5F" read `5SF`, amounts alone `4.87` for "4.07"), 14 px tall or more (small timestamps, "14:41",
/// lost their colon), on plain ground at the paper's level (letters with a light halo over a photo, "31E",
/// and row rules under amounts read as letters or moved the decimal point: `€397-36`). Tuned on seeds 7 and 8.
extension InkProfile {
    /// A line whose ink drops below its baseline by this share of its height above the baseline has descenders,
    /// and one whose ink rises this share above its band has ascenders.
    static let outsideShare = 0.12
    /// The room below the baseline, besides the padding, in shares of the ink's height: a descender's depth,
    /// about a quarter of a capital's height.
    static let descenderDepth = 0.25
    /// Lines of capitals shorter than this (in pixels) get no room.
    static let smallestCapitals = 14
    /// Narrower than this many times their height, lines get no room: amounts alone ("3.02", "4.07") read
    /// well in their own box and with room lost digits or confidence (tuning seed 7: `4.87`).
    static let narrowestRatio = 5
    /// The ground must lie within 1 / `paperShare` of the line's contrast from its lightest level (dark ink; its
    /// darkest for light ink).
    static let paperShare = 7

    /// The rows to add below the rectangle this profile measured (`padding` rows around the ink) so that a line of
    /// capitals and digits reaches a descender's room below its baseline, as many of them as are plain ground;
    /// zero for any other line.
    func descenderRoom(padding: Int, page: GrayImage) -> Int {
        guard let fullest = rows.max(), fullest > 0,
              let inkTop = rows.firstIndex(where: { $0 > 0 }), let inkBottom = rows.lastIndex(where: { $0 > 0 }),
              let bandTop = rows.firstIndex(where: { 10 * $0 >= 3 * fullest }),
              let baseline = rows.lastIndex(where: { 10 * $0 >= 3 * fullest }),
              let first = columns.firstIndex(where: { $0 > 0 }), let last = columns.lastIndex(where: { $0 > 0 })
        else { return 0 }
        let span = baseline - inkTop + 1, height = Double(span)
        guard Double(inkBottom - baseline) < Self.outsideShare * height,
              Double(bandTop - inkTop) < Self.outsideShare * height,
              span >= Self.smallestCapitals, last - first + 1 >= Self.narrowestRatio * span else { return 0 }
        // Capitals and digits fill their height evenly; lower-case letters leave the ascenders' part thin.
        let third = max(1, span / 3)
        let upper = rows[inkTop..<(inkTop + third)].reduce(0, +)
        let lower = rows[(baseline + 1 - third)...baseline].reduce(0, +)
        guard 2 * upper >= lower else { return 0 }
        let below = rows.count - 1 - baseline
        let wanted = Int((Double(padding) + Self.descenderDepth * height - Double(below)).rounded(.up))
        return wanted > 0 ? plainRows(below: top + rows.count, atMost: wanted, page: page) : 0
    }

    /// How many page rows from `first` down (at most `atMost`) are plain ground over the profile's columns: every
    /// pixel within a third of the way from the ground level (the median of the row above `first`) to the level
    /// between ink and ground. None when that ground is not at the paper's level.
    func plainRows(below first: Int, atMost: Int, page: GrayImage) -> Int {
        guard let (lowest, highest, inkIsDark) = levels, first > 0, first <= page.height else { return 0 }
        let above = (first - 1) * page.width
        let ground = Int(Array(page.pixels[(above + left)..<(above + left + columns.count)])
            .sorted()[columns.count / 2])
        let paper = inkIsDark ? highest : lowest
        guard Self.paperShare * abs(paper - ground) <= highest - lowest else { return 0 }
        let tolerance = max(6, abs((lowest + highest) / 2 - ground) / 3)
        var count = 0
        while count < atMost && first + count < page.height {
            let base = (first + count) * page.width
            for x in left..<(left + columns.count) where abs(Int(page.pixels[base + x]) - ground) > tolerance {
                return count
            }
            count += 1
        }
        return count
    }
}
