/// The dictionary beam's spaces inside greedy words, kept where the ink has a word gap: "Chai latte" in 15 px
/// Liberation Sans comes out of greedy decoding as `Chailatte` (the network gives the space 0.01-0.1, behind the
/// blank), while the beam reads the space ("latte" is a word) and the gap between "i" and "l" is as wide as the
/// line's other word gaps. Tesseract's own beam decides such a space by the path alone; ours does not move
/// word boundaries by itself (`DictionaryRepair`: its spaces in codes and values were mostly wrong), so a space
/// goes in only where both the beam and the ink say so.
extension MeasuredSpaces {
    /// The smallest x-height, in pixels, whose gaps may confirm a beam space: the beam already chose the place,
    /// the gap only has to be among the line's word gaps.
    static let minimumBeamXHeight = 4

    /// How many output steps a beam space may lie outside the steps its gap spans (the network outputs a
    /// character a step or two before its centre).
    static let beamSpaceReach = 2.0

    /// `characters` (read from the page columns `columns` in `steps` output steps) with a space at each of
    /// `beamSpaces` (output steps) that falls on a word gap of the ink and between two letters or digits read
    /// together.
    func confirming(_ beamSpaces: [Int], in characters: [CharacterTable.ReadCharacter], steps: Int,
                    columns: Range<Int>) -> [CharacterTable.ReadCharacter]
    {
        guard !beamSpaces.isEmpty, !wordGaps.isEmpty, steps > 0, characters.count >= 2 else { return characters }
        let perColumn = Double(steps) / Double(columns.count)
        var result = characters
        for space in beamSpaces {
            let onGap = wordGaps.contains { gap in
                guard gap.left >= columns.lowerBound, gap.left + gap.width <= columns.upperBound else { return false }
                let first = Double(gap.left - columns.lowerBound) * perColumn
                let last = Double(gap.left + gap.width - columns.lowerBound) * perColumn
                return Double(space) >= first - Self.beamSpaceReach && Double(space) <= last + Self.beamSpaceReach
            }
            guard onGap, let next = result.firstIndex(where: { $0.step > space }), next > 0 else { continue }
            let before = result[next - 1], after = result[next]
            guard before.text != " ", after.text != " ", CharacterTable.joinsWords(before.text),
                  CharacterTable.joinsWords(after.text) else { continue }
            result.insert(CharacterTable.ReadCharacter(text: " ", step: space), at: next)
        }
        return result
    }
}
