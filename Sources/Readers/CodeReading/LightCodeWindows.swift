import LineRecognition

/// Where `CodeReader`'s inverted pass (light codes on dark ground) looks: nowhere, some windows, or the whole image.
///
/// A light code on dark ground shows, in 16 px blocks, as a group of touching blocks of sharp two-level structure
/// (modules or bars: a wide range, most pixels near one of the two ends of it, light and dark both well
/// represented, and transitions across and down) with flat dark blocks within two blocks of it: its quiet zone
/// and the ground it stands on. Such a group, grown by `margin` pixels, is a window, and so is every small group
/// of dark blocks (a dark card, `cardShare`); only the windows are read inverted. A light page with dark text has
/// neither (its structure stands on light ground), and most photos have few; a dark-theme page has many (its
/// light text), and then the whole image is read as before. Images without any dark block (`DarkGround`) are not
/// looked at further. A cheap test, not a proof: `LightCodeWindowsTests`, `DarkGroundTests` and the code sets
/// of scripts/make-code-set.py (benchmarks/README.md) measure it.
enum LightCodeWindows {
    /// What the inverted pass reads.
    enum Plan: Equatable, Sendable {
        /// Nothing: no place in the image looks like a light code on dark ground.
        case none
        /// These windows (in pixels, disjoint), each read inverted on its own.
        case windows([PixelRect])
        /// The whole image, inverted.
        case whole
    }

    /// A rectangle in pixels.
    struct PixelRect: Equatable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        var area: Int { width * height }

        func overlaps(_ other: PixelRect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }

        func union(_ other: PixelRect) -> PixelRect {
            let left = min(x, other.x), top = min(y, other.y)
            let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
            return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        }
    }

    /// Side of the blocks, in pixels.
    static let block = 16
    /// The least range (brightest minus darkest level) of a block of code structure.
    static let contrast = 28
    /// The least share of a block's pixels in the outer 30% of its range at either end (sharp two-level ink).
    static let twoLevelShare = 0.6
    /// The least share of light, and of dark, pixels (against the middle of the range) in a block of code.
    static let inkShare = 0.12
    /// The least transitions per row plus per column (light to dark or back, at the middle of the range).
    static let transitions = 2
    /// A block of range below `contrast` whose mean is below this is dark ground (as `DarkGround.level`).
    static let darkLevel = 128
    /// The least share of dark ground blocks around a group of code blocks for it to stand on dark ground (the
    /// blocks next to a code are often cut by its edge, so not flat: a quarter suffices; a group on light ground,
    /// or in a photo's texture, has few or none).
    static let darkRingShare = 0.25
    /// Pixels added around each group's blocks (the rest of a quiet zone, finder edges cut by the blocks).
    static let margin = 48
    /// More windows than this, or windows covering more than `wholeShare` of the image: read it all.
    static let maximumWindows = 32
    /// A group of dark blocks whose bounds cover at most this share of the image is a card: read around it whole.
    static let cardShare = 0.02
    static let wholeShare = 0.5

    /// The inverted pass's plan for `image`.
    static func plan(for image: GrayImage) -> Plan {
        guard DarkGround.present(in: image) else { return .none }
        let grid = BlockGrid(image)
        func window(around group: [Int]) -> PixelRect {
            var left = Int.max, top = Int.max, right = 0, bottom = 0
            for index in group {
                let bx = index % grid.across, by = index / grid.across
                left = min(left, bx * block); top = min(top, by * block)
                right = max(right, min(image.width, (bx + 1) * block))
                bottom = max(bottom, min(image.height, (by + 1) * block))
            }
            let x = max(0, left - margin), y = max(0, top - margin)
            return PixelRect(x: x, y: y, width: min(image.width, right + margin) - x,
                             height: min(image.height, bottom + margin) - y)
        }
        var windows = grid.groups().filter { grid.darkRingShare(of: $0) >= darkRingShare }.map(window(around:))
        // A small dark card is read whole: a light code whose dark quiet zone is thinner than a block shows no
        // flat dark block, but its card, or its dark modules, are dark blocks.
        let smallCard = cardShare * Double(image.width * image.height)
        for group in grid.darkGroups() {
            let bounds = window(around: group)
            let blocks = PixelRect(x: bounds.x + margin, y: bounds.y + margin, width: bounds.width - 2 * margin,
                                   height: bounds.height - 2 * margin)
            if Double(max(0, blocks.width) * max(0, blocks.height)) <= smallCard { windows.append(bounds) }
        }
        if windows.isEmpty { return .none }
        windows = merged(windows)
        let covered = windows.reduce(0) { $0 + $1.area }
        if windows.count > maximumWindows || Double(covered) > wholeShare * Double(image.width * image.height) {
            return .whole
        }
        return .windows(windows)
    }

    /// `windows` with every overlapping pair replaced by their union, until none overlap.
    static func merged(_ windows: [PixelRect]) -> [PixelRect] {
        var result = windows
        var changed = true
        while changed {
            changed = false
            outer: for i in result.indices {
                for j in result.indices where j > i && result[i].overlaps(result[j]) {
                    result[i] = result[i].union(result[j])
                    result.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return result.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
