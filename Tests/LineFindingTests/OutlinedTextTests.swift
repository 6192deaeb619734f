import Captures
import LineFinding
import LineRecognition
import ReadingFixtures
import Testing

/// White letters with a dark halo over a textured photo (issue 10, parity per family: what Tesseract read and we
/// did not, in the article and table families): the light fill of the letters ran into the bright patches of the
/// texture and the dark halo into its shadows, so the rows broke up or merged with the texture around them. Now
/// pages whose plain lines look like texture are looked at again for strokes with the other ink close on both
/// sides (`OutlinedText`).
@Suite("outlined text")
struct OutlinedTextTests {
    /// A rough texture (patches of 6 and 12 px in mid grays, 70-190, seeded) with `rows` drawn
    /// as a phone draws overlay text: the letters in white over a black halo 2 px wide. Returns the page and each
    /// row's box (left, top, right, bottom).
    static func page(_ rows: [String], size: Int, width: Int, height: Int, seed: UInt64) throws
        -> (page: GrayImage, boxes: [(Int, Int, Int, Int)]) {
        var random = Shades(state: seed)
        var canvas = Canvas(width: width, height: height, color: .white)
        for scale in [12, 6] {
            var y = 0
            while y < height {
                var x = 0
                while x < width {
                    let shade = UInt8(70 + random.next() % 120)
                    if scale == 12 || random.next() % 3 == 0 {
                        canvas.fill(x: x, y: y, width: scale, height: scale, color: Canvas.RGB(shade, shade, shade))
                    }
                    x += scale
                }
                y += scale
            }
        }
        var boxes: [(Int, Int, Int, Int)] = []
        var top = size
        for row in rows {
            let mask = try TextRenderer.mask(row, font: "DejaVu Sans \(size)")
            let left = size
            for dy in -2...2 {
                for dx in -2...2 where dx * dx + dy * dy <= 5 {
                    canvas.paint(mask, x: left + dx, y: top + dy, color: .black)
                }
            }
            canvas.paint(mask, x: left, y: top, color: .white)
            boxes.append((left, top, left + mask.width, top + mask.height))
            top += mask.height + size
        }
        return (GrayImage(canvas.image), boxes)
    }

    /// A small deterministic source of shades (SplitMix64's step; TestSupport is not a dependency here).
    struct Shades {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let rows = ["Fresh mint tea", "Walnut brownies", "Lemon cake slice", "Oat milk latte"]

    /// The lines found on the drawn page that stand on `box`'s row (their middle inside it) and span at least
    /// half its width, each no taller than twice the row.
    static func rowFound(_ lines: [FoundLine], _ box: (Int, Int, Int, Int)) -> Bool {
        let (left, top, right, bottom) = box
        return lines.contains { line in
            line.middle > Double(top) && line.middle < Double(bottom) && line.bottom - line.top <= 2 * (bottom - top)
                && min(line.right, right) - max(line.left, left) >= (right - left) / 2
        }
    }

    @Test("given white rows with a dark halo over rough texture, when lines are found, then each row is one line of its own",
          arguments: [18])
    func outlinedRowsFound(size: Int) throws {
        // Main (as with outlinedText off): "Lemon cake slice" and "Oat milk latte" are not found as lines.
        let (page, boxes) = try Self.page(Self.rows, size: size, width: 40 * size, height: 14 * size, seed: 4242)
        let lines = LineFinder().lines(in: page)
        for (row, box) in zip(Self.rows, boxes) {
            #expect(Self.rowFound(lines, box), "\(size) px: \"\(row)\" at \(box) not found in \(lines)")
        }
    }

    @Test("given dark rows on a plain light page, when lines are found, then the page is not taken for texture")
    func plainPageNotTextured() throws {
        let gray = try LineFinderTests.page([("Fresh mint tea", 40, 30, 20, LineFinderTests.ink),
                                             ("Walnut brownies", 40, 80, 20, LineFinderTests.ink)],
                                            width: 600, height: 140)
        var plain = LineFinder()
        plain.outlinedText = false
        #expect(LineFinder().lines(in: gray) == plain.lines(in: gray))
    }
}
