@testable import LineRecognition
import Testing

/// A lone "15" cut off as its own piece ("Status 15 MAR", label-value, parity seed 2027, issue 10) read as
/// nothing: with a descender's room below it, the middle row of the scaled piece passed between the strokes, so
/// the dark and light levels both came from the ground and the network saw the ground stretched into noise.
/// Now the levels come from every row when the middle row spans too little of the image's range.
@Suite("middle row levels")
struct MiddleRowLevelsTests {
    /// A 30 x 36 piece of light ground (220-226, a little noise) with dark strokes (40) in rows 4..<16 and
    /// 20..<30 only: its middle row (18) crosses no ink.
    static func piece() -> GrayImage {
        let width = 30, height = 36
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let stroke = (4..<16).contains(y) && x % 6 < 2 || (20..<30).contains(y) && x % 7 < 3
                pixels[y * width + x] = stroke ? 40 : UInt8(220 + (x * 3 + y) % 7)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    @Test("given a piece whose middle row misses its letters, when its levels are taken, then black is the ink's")
    func levelsFromTheLetters() {
        // Main: black and white both about 221-226, the ground's.
        let (black, white) = LineRecognizer.blackAndWhite(Self.piece())
        #expect(black < 100, "black \(black)")
        #expect(white > 200, "white \(white)")
    }
}
