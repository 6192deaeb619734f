/// The word gaps measured in a line's ink, for the spaces the network reads across: in large text a short
/// word and the next ("4 Apr", "3 MAR", "AF 9300") often come out joined, with no trace of a space in the
/// network's outputs, though the gap is plain in the image. Tesseract's layout analysis cuts such a row into
/// words by the same measure (textord's `tospace`: gaps against the row's x-height and the spread of its own
/// gaps) before its network reads them.
///
/// Only where the x-height has `minimumXHeight` pixels: below that a pixel is a large share of the
/// threshold, and letter gaps of serif or monospaced text pass for word gaps.
struct MeasuredSpaces {
    /// The gaps between the line's ink at least a word space wide, in page columns.
    let gaps: [(left: Int, width: Int)]

    /// A space is added only where the letters or digits on one side of it are this many or fewer: the spaces
    /// the network reads across follow short words ("4", "AF", "x"); a gap inside a longer word ("art icle" in a
    /// serif face) is a wide letter gap.
    static let shortWord = 2

    /// The smallest x-height, in pixels, whose gaps are trusted.
    static let minimumXHeight = 10

    /// The gaps at least a word space wide whatever the x-height (from `minimumBeamXHeight`), for the spaces the
    /// dictionary beam reads inside a greedy word (`confirming`).
    let wordGaps: [(left: Int, width: Int)]

    /// The word gaps of a line whose x-height is under `minimumXHeight`, for the space after or before a lone
    /// digit only (`MeasuredSpaces+LoneDigit.swift`); empty in larger text, where `gaps` serve.
    let smallGaps: [(left: Int, width: Int)]

    init(gaps: [(left: Int, width: Int)], wordGaps: [(left: Int, width: Int)] = [],
         smallGaps: [(left: Int, width: Int)] = []) {
        self.gaps = gaps
        self.wordGaps = wordGaps
        self.smallGaps = smallGaps
    }

    init(line: LineRecognizer.LineRect, page: GrayImage) {
        self.init(profile: InkProfile(rect: line, page: page))
    }

    /// The gaps of a line's ink profile, already measured (`LineSegmenter` shares it).
    init(profile: InkProfile) {
        guard let xHeight = profile.xHeight, xHeight >= Self.minimumBeamXHeight else {
            (gaps, wordGaps, smallGaps) = ([], [], [])
            return
        }
        let all = profile.gaps
        let threshold = LineSegmenter.spaceThreshold(all.map { Double($0.width) / Double(xHeight) })
        wordGaps = all.filter { Double($0.width) / Double(xHeight) >= threshold }
        gaps = xHeight >= Self.minimumXHeight ? wordGaps : []
        smallGaps = xHeight >= Self.minimumXHeight ? [] : wordGaps
    }

    /// `characters` (read from the page columns `columns` in `steps` output steps) with a space between the two
    /// characters each measured gap inside the columns falls between, where there is none and both are letters
    /// or digits.
    func added(to characters: [CharacterTable.ReadCharacter], steps: Int, columns: Range<Int>)
        -> [CharacterTable.ReadCharacter]
    {
        guard !gaps.isEmpty, steps > 0, characters.count >= 2 else { return characters }
        var result = characters
        for gap in gaps where gap.left >= columns.lowerBound && gap.left + gap.width <= columns.upperBound {
            let centre = Double(gap.left) + Double(gap.width) / 2
            let step = (centre - Double(columns.lowerBound)) * Double(steps) / Double(columns.count)
            // The two characters read either side of the gap's step.
            guard let next = result.firstIndex(where: { Double($0.step) >= step }), next > 0 else { continue }
            let before = result[next - 1], after = result[next]
            guard before.text != " ", after.text != " ", CharacterTable.joinsWords(before.text),
                  CharacterTable.joinsWords(after.text),
                  min(Self.run(in: result, before: next), Self.run(in: result, from: next)) <= Self.shortWord,
                  Self.splitsCodeLike(before.text, after.text)
            else { continue }
            result.insert(CharacterTable.ReadCharacter(text: " ", step: Int(step)), at: next)
        }
        return result
    }

    /// Whether the two characters either side of a gap are ones a word space is lost between: a digit on either
    /// side ("4 Apr", "AF 9300", "3 x") or capitals on both ("MQ 2207" aside, "GATE B"). Between two small
    /// letters a wide gap is a letter gap in a wide face ("t rip", "s tation" in italic or spaced text).
    static func splitsCodeLike(_ before: String, _ after: String) -> Bool {
        guard let left = before.first, let right = after.first else { return false }
        return left.isNumber || right.isNumber || (left.isUppercase && right.isUppercase)
    }

    /// How many letters or digits run back from just before `index`.
    static func run(in characters: [CharacterTable.ReadCharacter], before index: Int) -> Int {
        characters[..<index].reversed().prefix { CharacterTable.joinsWords($0.text) }.count
    }

    /// How many letters or digits run on from `index`.
    static func run(in characters: [CharacterTable.ReadCharacter], from index: Int) -> Int {
        characters[index...].prefix { CharacterTable.joinsWords($0.text) }.count
    }
}
