import Captures
import Foundation
@testable import LineRecognition
import Testing

/// Words cut in two at a gap inside the word where the ink is faint (issue 10, parity on seed 7474, menu): the
/// hairlines of light italic letters ("c", "e", the lead-in of "h") fall short of the ink threshold, the ink
/// profile shows a gap inside the word as wide as an x-height, and the segmenter read the two halves as two pieces
/// (`chee ke` for "check", `servic e`). Now a gap splits a line on plain ground only if it stays half an x-height
/// wide with faint ink counted (`InkProfile+FaintInk.swift`). The page is the top of a desktop menu at 13 px with
/// 10 px DejaVu Serif Italic descriptions in grey ink, JPEG quality 62 (`scripts/reading-faint-italic-fixture.py`,
/// kept as Tests/Fixtures/screens/menu-light-italic-13px.jpg), read at its own width as parity reads it.
@Suite("faint letter gaps")
struct FaintLetterGapTests {
    @Test("given light italic descriptions whose letters have faint hairlines, when read, then no word is cut")
    func lightItalicWordsWhole() throws {
        // Main: `A after hee k lunch meeting,`, `Lunch can service delic Tous.`, `A mountains delic ious moved?`.
        let lines = try ScreenFixture.readBuiltIn("menu-light-italic-13px.jpg", longSide: 1440).text.lines
            .map(\.text)
        let words = lines.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(words.contains("check"), "read \(lines)")
        #expect(words.filter { $0.hasPrefix("delicious") }.count == 2, "read \(lines)")
        #expect(!words.contains { ["k", "ke", "delic", "ious"].contains($0) }, "read \(lines)")
    }

    /// A 64 x 20 page: two letters of three 2 px stems each (level 60, a fringe of 120 either side) in rows
    /// 5..<15, joined by a hairline of level 170 in rows 8..<12 across the 22 columns between them (lighter than
    /// half way to the ground, darker than the line's Otsu level). The ground is 250, or a gradient from 160 at
    /// the left, 3 levels a column, to 253 from column 31 on (not plain: 43% of the pixels near the commonest level).
    static func page(gradient: Bool) -> GrayImage {
        let width = 64, height = 20
        var pixels = [UInt8](repeating: 250, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var level = gradient ? min(253, 160 + 3 * x) : 250
                if (8..<12).contains(y) && (21..<43).contains(x) { level = 170 }
                if (5..<15).contains(y) {
                    for stem in [6, 12, 18, 44, 50, 56] {
                        if x == stem || x == stem + 1 { level = 60 }
                        if x == stem - 1 || x == stem + 2 { level = min(level, 120) }
                    }
                }
                pixels[y * width + x] = UInt8(level)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    @Test("given a gap a faint hairline crosses, when segmented, then it splits the line only off plain ground")
    func faintGapOnPlainGroundOnly() {
        let rect = LineRecognizer.LineRect(left: 0, top: 0, width: 64, height: 20)
        // Plain ground: the 22 px gap in the ink (over 2 x-heights) is closed by the hairline.
        #expect(LineSegmenter.pieces(of: rect, in: Self.page(gradient: false)).count == 1)
        // Off plain ground no faint ink is read and the gap splits the line, as before (read there, the hairline
        // would close it: the gradient's Otsu level is 181).
        #expect(LineSegmenter.pieces(of: rect, in: Self.page(gradient: true)).count == 2)
    }

    @Test("given levels in two groups, when split by Otsu's method, then the threshold lies between them")
    func otsuBetweenGroups() throws {
        var histogram = LevelHistogram()
        for _ in 0..<30 { histogram.add(40) }
        for _ in 0..<10 { histogram.add(60) }
        for _ in 0..<100 { histogram.add(240) }
        let level = try #require(histogram.otsuLevel)
        #expect((60..<240).contains(level))
        #expect(histogram.mode == 240)
        #expect(abs(histogram.shareNearMode(tolerance: 12) - 100.0 / 140.0) < 1e-9)
    }
}
