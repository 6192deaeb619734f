/// The space beside a lone digit in small text: "4 in stock · ships in 2 days" in 13-19 px comes out of the
/// reader as `4in stock · ships in2 days`: neither greedy decoding nor the dictionary beam reads the space, and the
/// gap is too narrow to cut the line (`LineSegmenter.splitGap`) though it is as wide as the line's other word gaps.
/// Tesseract keeps these spaces: its word spacing (textord's `tospace`) weighs each gap against the row's own
/// gaps, so a gap as wide as the row's word gaps is a space beside a digit too.
///
/// Under `minimumXHeight` a pixel is a large share of the threshold, and the letter gaps of serif or monospaced
/// text pass for word gaps; the short-word rule of `added(to:steps:columns:)` is not trusted there. A gap with a
/// single digit on one side and letters on the other is (`loneDigitBesideLetter`): a word does not end or start
/// with one digit read against its letters ("4in", "in2"). Two digits are left joined: the gap beside a
/// narrow "1" in a number ("262.11") is as wide as a word gap in a proportional face.
extension MeasuredSpaces {
    /// `characters` (read from the page columns `columns` in `steps` output steps) with a space between the two
    /// characters each small-text word gap inside the columns falls between, where there is none and one is a
    /// lone digit and the other a letter.
    func addedBesideLoneDigits(to characters: [CharacterTable.ReadCharacter], steps: Int, columns: Range<Int>)
        -> [CharacterTable.ReadCharacter]
    {
        guard !smallGaps.isEmpty, steps > 0, characters.count >= 2 else { return characters }
        let perColumn = Double(steps) / Double(columns.count)
        var result = characters
        for gap in smallGaps where gap.left >= columns.lowerBound && gap.left + gap.width <= columns.upperBound {
            // The output steps the gap spans, widened as for the beam's spaces: the network outputs a narrow
            // letter ("i") a step or two before its centre, so the pair either side of the gap's centre step
            // may be the wrong one.
            let first = Double(gap.left - columns.lowerBound) * perColumn - Self.beamSpaceReach
            let last = Double(gap.left + gap.width - columns.lowerBound) * perColumn + Self.beamSpaceReach
            guard !result.contains(where: { $0.text == " " && Double($0.step) >= first && Double($0.step) <= last })
            else { continue }
            let centre = (first + last) / 2
            let candidates = (1..<result.count).filter { next in
                Double(result[next].step) >= first && Double(result[next - 1].step) <= last
                    && Self.loneDigitBesideLetter(in: result, before: next)
            }
            guard let next = candidates.min(by: { abs(Self.middle(result, $0) - centre)
                    < abs(Self.middle(result, $1) - centre) }) else { continue }
            let step = min(max(Int(centre), result[next - 1].step), result[next].step)
            result.insert(CharacterTable.ReadCharacter(text: " ", step: step), at: next)
        }
        return result
    }

    /// The output step half way between the characters at `index - 1` and `index`.
    static func middle(_ characters: [CharacterTable.ReadCharacter], _ index: Int) -> Double {
        Double(characters[index - 1].step + characters[index].step) / 2
    }

    /// Whether the characters just before `index` and at it are a lone digit and the letters beside it: a digit
    /// with no letter or digit next to it on its other side, then any letter (a count and its word or unit:
    /// "4 in", "2 days", "3 g"), or at least `shortWord` letters, then the digit ("in 2"). A lone letter before a
    /// lone digit is a code, read right without a space ("v2" in monospaced code, whose cells leave wide gaps,
    /// "A5", "U2").
    static func loneDigitBesideLetter(in characters: [CharacterTable.ReadCharacter], before index: Int) -> Bool {
        guard let left = characters[index - 1].text.first, let right = characters[index].text.first else {
            return false
        }
        if left.isNumber, right.isLetter { return run(in: characters, before: index) == 1 }
        if left.isLetter, right.isNumber {
            return run(in: characters, from: index) == 1 && letters(in: characters, before: index) >= shortWord
        }
        return false
    }

    /// How many letters run back from just before `index`.
    static func letters(in characters: [CharacterTable.ReadCharacter], before index: Int) -> Int {
        characters[..<index].reversed().prefix { $0.text.first?.isLetter == true }.count
    }
}
