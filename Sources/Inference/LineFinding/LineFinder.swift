import LineRecognition

/// Finds the lines of text on a gray page without Tesseract: the page is binarised against its local mean both
/// ways (dark ink and light ink), each ink's connected components are grouped into rows of letters split at gaps
/// wide for their height (`RowGrouping`), lines made of the counters of the other ink's letters are dropped
/// (`Counters`), a light-ink line that covers a dark-ink line is dropped (or the other way round: the one with
/// more letters stays), outlined letters over a photo are looked for again (`OutlinedText`), and the lines come
/// back in reading order (`ReadingOrder`). Cheap: one pass of local
/// means, two of run-length labelling.
package struct LineFinder: Sendable {
    /// The half side of the square each pixel is compared with.
    package var radius = 20
    /// How much darker (lighter) than that square's mean a pixel must be to be dark (light) ink.
    package var contrast = 18
    /// Letters at least this high (pixels); smaller ink is a mark (dot, comma, accent) or noise.
    package var minimumLetterHeight = 5
    /// Letters at most this high (pixels).
    package var maximumLetterHeight = 160
    /// Look for light letters on darker ground too.
    package var lightInk = true
    /// Look again for outlined letters (`OutlinedText`) where the plain lines look like a photo's texture.
    package var outlinedText = true

    package init() {}

    /// The line boxes of `page`, in reading order.
    package func lines(in page: GrayImage) -> [FoundLine] {
        guard page.width >= 8, page.height >= 8 else { return [] }
        let map = InkMap(page, radius: radius, contrast: contrast)
        var limits = RowGrouping.Limits()
        limits.minimumLetterHeight = minimumLetterHeight
        limits.maximumLetterHeight = maximumLetterHeight
        guard lightInk else {
            return ReadingOrder.sorted(RowGrouping.lines(map.components(of: .dark), lightOnDark: false, limits: limits))
        }
        // Lines made of the counters of the other ink's letters go (`InkRows`).
        let rows = InkRows(map, limits: limits)
        let lines = Self.resolve(rows.dark, rows.light, in: page).compactMap { line -> FoundLine? in
            let levels = LevelHistogram(line, in: page)
            return Self.holdsInk(levels, contrast: contrast) ? Self.withPolarity(line, levels: levels) : nil
        }
        if outlinedText && OutlinedText.looksTextured(lines) {
            return ReadingOrder.sorted(OutlinedText.merged(lines, map: map, page: page, limits: limits))
        }
        return ReadingOrder.sorted(lines)
    }

    /// Whether the box holds anything darker or lighter than its ground: its 2nd and 98th percentile levels are at
    /// least a third of `contrast` apart (the full contrast dropped faint values on photographed label-value pages,
    /// `Gate 20'Apr,` on seed 2026). Light ink is the ground next to dense dark letters too (brighter than a local mean
    /// the letters pull down), so the light pass finds slivers of blank ground beside a row, which the recogniser
    /// then reads as marks (`. —` after a name on 5656 `label-value-00`); such a box is flat.
    static func holdsInk(_ levels: LevelHistogram, contrast: Int) -> Bool {
        guard let span = levels.span else { return false }
        return (span.high - span.low) * 3 >= contrast
    }

    /// Whether the box's ink is its lighter level: the pixels of the box split at the middle of its 2nd and 98th
    /// percentiles, the fewer side is ink (letters cover less of a box than their ground). Decided on the box,
    /// not by the ink it was found in: near the edge of a region the polarity step turned, the two disagree.
    static func isLightOnDark(_ line: FoundLine, in page: GrayImage) -> Bool {
        guard let share = LevelHistogram(line, in: page).darkerShare else { return line.lightOnDark }
        return share > 0.5
    }

    /// `line` with its polarity decided on its box (`isLightOnDark`), and marked uncertain where the two sides
    /// hold near equal shares (40-60%). Neither the ink the line was found in nor the ground around the box tells
    /// better there: 9 px gray words on a light form, scaled up, are found in dark ink and half fill their boxes;
    /// outlined letters over a photo (a dark halo around light strokes) are found in dark ink too and read right
    /// only inverted, and their ground is a mid-tone neither of their levels. So the recogniser decides those.
    static func withPolarity(_ line: FoundLine, levels: LevelHistogram) -> FoundLine {
        var line = line
        guard let share = levels.darkerShare else { return line }
        line.lightOnDark = share > 0.5
        line.polarityUncertain = share >= 0.4 && share <= 0.6
        return line
    }

    /// Whether the ink of `box` is light (true) or dark (false), as `isLightOnDark` decides it, or nil when the
    /// two sides of the middle level hold near equal shares of the box (40-60%) or the box is flat.
    static func inkPolarity(of box: FoundLine, in page: GrayImage) -> Bool? {
        let levels = LevelHistogram(box, in: page)
        guard let span = levels.span, span.high - span.low >= 24 else { return nil }
        let darker = levels.darker(than: (span.low + span.high) / 2)
        if darker * 5 >= levels.total * 3 { return true }
        if darker * 5 <= levels.total * 2 { return false }
        return nil
    }

    /// Where a dark-ink line and a light-ink line cover each other (over a third of the smaller box), one is the
    /// text and the other the ground around it (the counters of its letters, the gaps between them): the one whose
    /// ink is the ink of the two boxes together (`isLightOnDark`, the fewer side of the pixels) stays. When the
    /// pixels do not tell (ink and ground in near equal shares), the one with more letters stays (ties: the dark
    /// one). Counting letters alone kept the gaps of a serif word whose letters touch in a JPEG ("Mei Brennan", 8
    /// letters, lost to the 9 light gaps between them).
    static func resolve(_ dark: [FoundLine], _ light: [FoundLine], in page: GrayImage) -> [FoundLine] {
        var keepDark = [Bool](repeating: true, count: dark.count)
        var keepLight = [Bool](repeating: true, count: light.count)
        let order = dark.indices.sorted { dark[$0].top < dark[$1].top }
        let tops = order.map { dark[$0].top }
        let tallest = dark.map(\.height).max() ?? 0
        for (index, line) in light.enumerated() {
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] < line.top - tallest { low = mid + 1 } else { high = mid }
            }
            var k = low
            while k < order.count && tops[k] < line.bottom {
                let other = order[k]
                k += 1
                let shared = line.overlapArea(dark[other])
                guard shared * 3 > min(line.width * line.height, dark[other].width * dark[other].height) else {
                    continue
                }
                let both = FoundLine(left: min(line.left, dark[other].left), top: min(line.top, dark[other].top),
                                     right: max(line.right, dark[other].right),
                                     bottom: max(line.bottom, dark[other].bottom))
                let lightWins: Bool
                switch inkPolarity(of: both, in: page) {
                case .some(let isLight): lightWins = isLight
                case .none: lightWins = line.letters > dark[other].letters
                }
                if lightWins { keepDark[other] = false } else { keepLight[index] = false }
            }
        }
        return dark.indices.filter { keepDark[$0] }.map { dark[$0] }
            + light.indices.filter { keepLight[$0] }.map { light[$0] }
    }
}

