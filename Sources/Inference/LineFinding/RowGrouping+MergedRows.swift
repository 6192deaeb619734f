/// Rows of text linked into one chain through the ground between them: over a photo, outlined text (white
/// letters in a dark halo) stands on texture whose blobs are letter-sized, and a blob that overlaps the letters
/// of one row and another blob that overlaps the next row links the two rows, and so on down a paragraph (parity
/// seeds 2026, 9393, 9494: articles over photos read as boxes 2-4 rows tall, which the network reads as noise).
/// Tesseract finds rows from the page's projection before it cuts them into words, so texture between rows does
/// not join them. Here a chain whose box is much taller than its letters is looked at row by row: the letters'
/// vertical centres pile up in one band per row of text, texture scatters between and around them; each band's
/// members are linked again on their own, and what stands outside the bands is dropped (a single row that took
/// texture blobs above or below it in is trimmed back to the row: its box, three times its letters' height, made
/// the network read the letters at a third of their size). Each row is then judged by its own letters
/// (`trimmedToRow`). A chain whose letters do not stand in rows (a band taller than a letter, or most letters
/// outside the bands: a fence, foliage) is texture and stays as it stands, and bands closer than one and a half
/// letters are parts of one row (the ground between italic letters), not rows to cut apart.
extension RowGrouping {
    /// A chain this many times taller than its median letter is looked at for rows.
    static let mergedRowsHeight = 3
    /// Centres are counted in bins of this share of the median letter height.
    static let rowBinShare = 3
    /// A bin holds a row when it has at least this many centres, and at least `rowBinFloor` of the fullest bin's.
    static let rowBinCount = 3
    static let rowBinFloor = 0.15

    /// The chain `chain` (indices into `members`, a `true` member is a bar) as it stands, or, when it is much
    /// taller than its letters and they stand in two or more rows or with blobs outside their row, the chains of
    /// each row (indices into `members`, linked again row by row).
    static func splitMergedRows(_ chain: [Int], members: [(InkBlob, Bool)], limits: Limits) -> [[Int]] {
        let letters = chain.filter { !members[$0].1 }
        guard letters.count >= 2 * rowBinCount else { return [chain] }
        let median = medianHeight(letters, members: members)
        let top = letters.map { members[$0].0.minY }.min()!, bottom = letters.map { members[$0].0.maxY }.max()!
        guard bottom - top > mergedRowsHeight * median else { return [chain] }
        // Centres of letters of about the median height, in bins of a third of it.
        let bin = max(1, median / rowBinShare)
        var counts = [Int](repeating: 0, count: (bottom - top) / bin + 1)
        var sized = 0
        for index in letters {
            let blob = members[index].0
            guard blob.height * 2 >= median, blob.height * 2 <= median * 3 else { continue }
            counts[((blob.minY + blob.maxY) / 2 - top) / bin] += 1
            sized += 1
        }
        let floor = max(rowBinCount, Int((Double(counts.max() ?? 0) * rowBinFloor).rounded(.up)))
        // Bands: runs of full bins, in page rows.
        var bands: [(top: Int, bottom: Int)] = []
        for (index, count) in counts.enumerated() where count >= floor {
            let start = top + index * bin, end = start + bin
            if let last = bands.last, start <= last.bottom + bin { bands[bands.count - 1].bottom = end } else {
                bands.append((start, end))
            }
        }
        // The centres of a row's letters lie within a letter of each other, and most of the chain's letters stand
        // in its rows: a band taller than a letter, or letters scattered outside the bands, is texture (a fence,
        // foliage), kept as it stands.
        let inBands = letters.filter { index in
            let blob = members[index].0, centre = (blob.minY + blob.maxY) / 2
            return blob.height * 2 >= median && blob.height * 2 <= median * 3
                && bands.contains { centre >= $0.top && centre < $0.bottom }
        }.count
        guard !bands.isEmpty, bands.allSatisfy({ $0.bottom - $0.top <= median }),
              inBands * 2 >= sized else { return [chain] }
        // Each member goes to the band its centre lies in (widened by half a letter); the rest is texture.
        let slack = median / 2
        var rows = [[Int]](repeating: [], count: bands.count)
        for index in chain {
            let blob = members[index].0
            let centre = (blob.minY + blob.maxY) / 2
            guard let band = bands.firstIndex(where: { centre >= $0.top - slack && centre < $0.bottom + slack })
            else { continue }
            rows[band].append(index)
        }
        // One band: a row that took in blobs outside it. Two or more: rows of text, which stand at least one and a
        // half letters apart; bands closer than that are the parts of one row (or of the ground between letters,
        // in the other ink: parity seed 6262's italic paragraph lost whole rows to such cuts), not rows to cut.
        let centres = bands.map { ($0.top + $0.bottom) / 2 }
        let rowsApart = zip(centres, centres.dropFirst()).allSatisfy { ($1 - $0) * 2 >= median * 3 }
        guard bands.count == 1 ? rows[0].count < chain.count : rowsApart else { return [chain] }
        return rows.flatMap { row -> [[Int]] in
            relinked(row, members: members, limits: limits).flatMap { rowChain -> [[Int]] in
                let trimmed = trimmedToRow(rowChain, members: members)
                return trimmed.count == rowChain.count ? [rowChain] : relinked(trimmed, members: members, limits: limits)
            }
        }
    }

    /// The members `indices` linked again on their own (chains of indices into `members`).
    static func relinked(_ indices: [Int], members: [(InkBlob, Bool)], limits: Limits) -> [[Int]] {
        let sorted = indices.sorted { members[$0].0.minX < members[$1].0.minX }
        return link(sorted.map { members[$0] }, limits).map { $0.map { sorted[$0] } }
    }

    /// The re-linked row `chain` without the members that reach more than half its own median letter above or
    /// below its letters of about that height. A band keeps the texture blobs whose centres fall in it, up to
    /// twice the letters' height; judged by the merged chain's median (often a taller one) such a row looked
    /// plain, and its box, two or three times the row's height, made the network read the letters small
    /// (`OutlinedTextTests`: 18 px "Oat milk latte" in a 40 px box).
    static func trimmedToRow(_ chain: [Int], members: [(InkBlob, Bool)]) -> [Int] {
        let letters = chain.filter { !members[$0].1 }
        guard letters.count >= 2 else { return chain }
        let median = medianHeight(letters, members: members)
        let core = letters.map { members[$0].0 }.filter { $0.height * 2 >= median && $0.height * 2 <= median * 3 }
        guard let top = core.map(\.minY).min(), let bottom = core.map(\.maxY).max() else { return chain }
        let reach = median / 2
        return chain.filter { members[$0].0.minY >= top - reach && members[$0].0.maxY <= bottom + reach }
    }

    /// The median height of the letters `letters` (indices into `members`), at least 1.
    static func medianHeight(_ letters: [Int], members: [(InkBlob, Bool)]) -> Int {
        let heights = letters.map { members[$0].0.height }.sorted()
        return max(1, heights[heights.count / 2])
    }
}
