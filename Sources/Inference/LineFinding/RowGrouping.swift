/// Groups the components of one ink (dark or light) into line boxes: letter-sized components linked left to right
/// to neighbours of similar height that overlap them vertically and stand closer than a gap relative to their
/// height (a wider gap ends the box: label ... value rows, table columns), then marks (dots, accents, commas)
/// added to the box they stand on. Rows of blobs that do not share a baseline (photo texture) are dropped.
enum RowGrouping {
    /// The limits that decide what counts as a letter and what links two letters.
    struct Limits {
        /// Letter components are at least this high (pixels); smaller ink is a mark.
        var minimumLetterHeight = 5
        /// Taller components are not letters (pictures, frames, rules).
        var maximumLetterHeight = 160
        /// Two letters link when the gap between them is at most this many times the shorter one's height.
        var linkGap = 2.0
        /// The taller of two linked letters is at most this many times the shorter.
        var heightRatio = 2.6
        /// Linked letters overlap vertically over at least this share of the shorter one's height.
        var verticalOverlap = 0.5
        /// Rows may stand on a slanted baseline (photos of signs turned a few degrees: `sharesSlantedBaseline`).
        var slantedBaselines = false
    }

    /// Solid components taller than this (pixels) are blocks, not letters whose counters closed up.
    static let solidLetterHeight = 24

    static func lines(_ blobs: [InkBlob], lightOnDark: Bool, limits: Limits) -> [FoundLine] {
        var letters: [InkBlob] = [], marks: [InkBlob] = [], solids: [InkBlob] = []
        for blob in blobs {
            switch classify(blob, limits) {
            case .letter: letters.append(blob)
            case .mark: marks.append(blob)
            case .solid: solids.append(blob)
            case .none: break
            }
        }
        letters = dropContainers(letters)
        // Marks take part in linking (the bars of "==", a "-" between words bridge a gap wider than the letters
        // alone allow), but only letters make a line.
        // Only bars (twice as wide as high) bridge: dots and specks of texture do not.
        let bars = marks.filter { $0.width >= 2 * $0.height }
        marks = marks.filter { $0.width < 2 * $0.height }
        // Solid letters link as letters, but count only in a line of two or more open ones (`Kind.solid`).
        let ordered = (letters.map { (blob: $0, mark: false, solid: false) }
            + solids.map { (blob: $0, mark: false, solid: true) } + bars.map { (blob: $0, mark: true, solid: false) })
            .sorted { $0.blob.minX < $1.blob.minX }
        let members = ordered.map { ($0.blob, $0.mark) }
        // Rows linked through the ground between them are split again (`splitMergedRows`).
        let chains = link(members, limits).flatMap { splitMergedRows($0, members: members, limits: limits) }
        var lines: [FoundLine] = []
        var singles: [InkBlob] = []
        var loose: [InkBlob] = []
        for chain in chains {
            let chainLetters = chain.filter { !members[$0].1 }.map { members[$0].0 }
            let chainMarks = chain.filter { members[$0].1 }.map { members[$0].0 }
            let openLetters = chain.filter { !ordered[$0].mark && !ordered[$0].solid }.map { members[$0].0 }
            if openLetters.count <= 1 {
                singles += openLetters
                loose += chainMarks
                continue
            }
            guard sharesBaseline(chainLetters) || (limits.slantedBaselines && sharesSlantedBaseline(chainLetters))
            else { continue }
            var line = box(chainLetters + chainMarks, lightOnDark: lightOnDark)
            line.letters = chainLetters.count
            line.letterHeight = medianHeight(of: chainLetters)
            lines.append(line)
        }
        marks += loose
        lines += singles.filter { single in
            // A lone letter or joined word counts beside another line of its height on its row (a table cell, a
            // short value), or when it is wide enough to be a word of joined letters itself.
            let wordLike = single.width >= single.height * 3 / 2 && single.fill <= 0.7 && single.height >= 8
            return wordLike || lines.contains { line in
                let overlap = min(line.bottom, single.maxY) - max(line.top, single.minY)
                return Double(overlap) >= 0.6 * Double(single.height) && single.height * 2 >= line.height
                    && single.height <= line.height * 3 / 2
            }
        }.map { single in
            var line = box([single], lightOnDark: lightOnDark)
            line.letterHeight = single.height
            return line
        }
        return attach(marks, to: lines, limits)
    }

    /// What a component is: a letter, a mark (smaller than letters), a solid letter, or nothing to read.
    /// A solid letter is a letter-shaped component with no counters left: small bold letters scaled up ("B" at
    /// 11 px, read at 1.875 times, fills 93% of its box), which the solid-block rule would drop with the buttons.
    private enum Kind { case letter, mark, solid, none }

    private static func classify(_ blob: InkBlob, _ limits: Limits) -> Kind {
        let height = blob.height, width = blob.width
        if height > limits.maximumLetterHeight { return .none }
        // Rules and long thin strokes: separators, underlines, table borders.
        if height <= 3 && width > 12 * max(1, height) { return .none }
        if width > 30 * height { return .none }
        // Solid blocks (buttons, bars, swatches) and empty frames.
        if blob.fill > 0.92 && min(width, height) >= 10 {
            return width <= height * 3 / 2 && height <= solidLetterHeight ? .solid : .none
        }
        if blob.fill < 0.06 && height >= 12 { return .none }
        if height < limits.minimumLetterHeight { return blob.pixels >= 2 ? .mark : .none }
        return .letter
    }

    /// Drops components whose box holds two or more others (frames around text, cells of a table).
    private static func dropContainers(_ blobs: [InkBlob]) -> [InkBlob] {
        let sorted = blobs.sorted { $0.minX < $1.minX }
        var keep = [Bool](repeating: true, count: sorted.count)
        for (index, blob) in sorted.enumerated() where blob.width >= 12 && blob.height >= 12 {
            var held = 0
            var other = index + 1
            while other < sorted.count && sorted[other].minX < blob.maxX {
                if blob.contains(sorted[other]) { held += 1 }
                if held >= 2 { keep[index] = false; break }
                other += 1
            }
        }
        return sorted.indices.filter { keep[$0] }.map { sorted[$0] }
    }

    /// Chains of letters and marks (`members`, sorted by left edge, `true` for a mark): indices, each chain in
    /// left-to-right order. Letters link as the limits say; a mark links to a letter whose height its centre lies
    /// within, and to a mark beside or above it, within the same gap.
    static func link(_ members: [(InkBlob, Bool)], _ limits: Limits) -> [[Int]] {
        var parent = Array(members.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while parent[current] != current { parent[current] = parent[parent[current]]; current = parent[current] }
            return current
        }
        // How far right a mark looks: as far as a tall letter of the page would.
        let heights = members.filter { !$0.1 }.map(\.0.height).sorted()
        let tall = heights.isEmpty ? limits.minimumLetterHeight : heights[heights.count * 9 / 10]
        for i in members.indices {
            let (a, aMark) = members[i]
            let reach = Int((Double(aMark ? tall : a.height) * limits.linkGap).rounded(.up))
            var j = i + 1
            while j < members.count {
                let (b, bMark) = members[j]
                if b.minX - a.maxX > reach { break }
                j += 1
                let gap = Double(b.minX - a.maxX)
                switch (aMark, bMark) {
                case (false, false):
                    let low = min(a.height, b.height), high = max(a.height, b.height)
                    guard Double(high) <= limits.heightRatio * Double(low) else { continue }
                    let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                    guard Double(overlap) >= limits.verticalOverlap * Double(low) else { continue }
                    guard gap <= limits.linkGap * Double(low) else { continue }
                case (true, true):
                    let size = Double(max(a.height, b.height, a.width, b.width, 2))
                    let centres = abs(Double(a.minY + a.maxY) - Double(b.minY + b.maxY)) / 2
                    guard gap <= 2 * size, centres <= 2 * size else { continue }
                default:
                    let (letter, mark) = aMark ? (b, a) : (a, b)
                    let centre = (mark.minY + mark.maxY) / 2
                    guard centre > letter.minY, centre < letter.maxY,
                          gap <= limits.linkGap * Double(letter.height) else { continue }
                }
                let ra = root(i), rb = root(j - 1)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var chains: [Int: [Int]] = [:]
        for index in members.indices { chains[root(index), default: []].append(index) }
        return chains.keys.sorted().map { chains[$0]! }
    }

    /// Whether most letters of a row stand on one line: at least half their bottoms within a fifth of the
    /// median height of the median bottom (or their tops of the median top: all-caps rows over a rule).
    /// Two-letter rows pass when the two share either.
    private static func sharesBaseline(_ members: [InkBlob]) -> Bool {
        let heights = members.map(\.height).sorted()
        let tolerance = max(1, Double(heights[heights.count / 2]) * 0.2)
        func aligned(_ edges: [Int]) -> Bool {
            let sorted = edges.sorted()
            let median = Double(sorted[sorted.count / 2])
            let near = sorted.filter { abs(Double($0) - median) <= tolerance }.count
            return near * 2 >= members.count
        }
        return aligned(members.map(\.maxY)) || aligned(members.map(\.minY))
    }

    /// The median height of `letters` (pixels), 0 for none.
    private static func medianHeight(of letters: [InkBlob]) -> Int {
        let heights = letters.map(\.height).sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }

    private static func box(_ members: [InkBlob], lightOnDark: Bool) -> FoundLine {
        var line = FoundLine(left: .max, top: .max, right: 0, bottom: 0, lightOnDark: lightOnDark,
                             letters: members.count)
        for blob in members {
            line.left = min(line.left, blob.minX); line.right = max(line.right, blob.maxX)
            line.top = min(line.top, blob.minY); line.bottom = max(line.bottom, blob.maxY)
        }
        return line
    }

    /// Extends each line over the marks that stand on it: inside its reach sideways, from half its height above
    /// (dots, accents) to a third below (commas).
    private static func attach(_ marks: [InkBlob], to lines: [FoundLine], _ limits: Limits) -> [FoundLine] {
        guard !lines.isEmpty, !marks.isEmpty else { return lines }
        var result = lines
        let order = lines.indices.sorted { lines[$0].top < lines[$1].top }
        let tops = order.map { lines[$0].top }
        for mark in marks {
            let centreX = (mark.minX + mark.maxX) / 2, centreY = (mark.minY + mark.maxY) / 2
            // Lines whose top is at most one maximum letter height above the mark.
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] < centreY - limits.maximumLetterHeight { low = mid + 1 } else { high = mid }
            }
            var best: (index: Int, distance: Int)? = nil
            var k = low
            while k < order.count && tops[k] <= centreY + limits.maximumLetterHeight {
                let index = order[k]
                k += 1
                let line = lines[index]
                let reach = line.height / 2
                guard centreX >= line.left - reach, centreX < line.right + reach,
                      centreY >= line.top - line.height / 2, centreY < line.bottom + line.height / 3 else { continue }
                let distance = abs(centreY - (line.top + line.bottom) / 2)
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
            guard let best else { continue }
            result[best.index].left = min(result[best.index].left, mark.minX)
            result[best.index].right = max(result[best.index].right, mark.maxX)
            result[best.index].top = min(result[best.index].top, mark.minY)
            result[best.index].bottom = max(result[best.index].bottom, mark.maxY)
        }
        return result
    }
}
