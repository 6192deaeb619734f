/// One line of text a `LineFinder` found: its box in the page's pixels (right and bottom exclusive), whether its
/// letters are lighter than their ground, how many letter-sized components it holds and how tall they are.
package struct FoundLine: Sendable, Equatable {
    package var left: Int, top: Int, right: Int, bottom: Int
    /// Light letters on darker ground: read the box inverted.
    package var lightOnDark: Bool
    /// The box's pixels hardly tell its ink from its ground (40-60% on either side of its middle level: small
    /// letters blurred by scaling fill their box about half): a weak read is worth trying the other way round.
    package var polarityUncertain = false
    /// The letter-sized components the line was built from (marks such as dots and accents not counted).
    package var letters: Int
    /// The median height (pixels) of those letters, as the finder measured them, 0 when not known. A row's box is
    /// taller than this by its ascenders, descenders and marks; a box several times taller holds more than one row
    /// (or texture around it).
    package var letterHeight: Int

    package init(left: Int, top: Int, right: Int, bottom: Int, lightOnDark: Bool = false, letters: Int = 0,
                 letterHeight: Int = 0) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        self.lightOnDark = lightOnDark
        self.letters = letters
        self.letterHeight = letterHeight
    }

    package var width: Int { right - left }
    package var height: Int { bottom - top }
    /// The box's vertical centre.
    package var middle: Double { Double(top + bottom) / 2 }

    /// The area `self` and `other` share.
    func overlapArea(_ other: FoundLine) -> Int {
        max(0, min(right, other.right) - max(left, other.left)) * max(0, min(bottom, other.bottom) - max(top, other.top))
    }
}
