import Captures
import LineFinding
import LineRecognition
import ReadingFixtures
import Testing

/// Our own line finder on pages drawn here: rows split at wide gaps, columns in reading order, light text on a
/// dark box, small and large text, and a page without text.
@Suite("line finder")
struct LineFinderTests {
    /// `parts` (text, x, y, size, colour) painted on a canvas of `width` x `height` and `ground`.
    static func page(_ parts: [(String, Int, Int, Int, Canvas.RGB)], width: Int, height: Int,
                     ground: Canvas.RGB = .white, boxes: [(Int, Int, Int, Int, Canvas.RGB)] = []) throws -> GrayImage {
        var canvas = Canvas(width: width, height: height, color: ground)
        for (x, y, w, h, color) in boxes { canvas.fill(x: x, y: y, width: w, height: h, color: color) }
        for (text, x, y, size, color) in parts {
            let mask = try TextRenderer.mask(text, font: "DejaVu Sans \(size)")
            canvas.paint(mask, x: x, y: y, color: color)
        }
        return GrayImage(canvas.image)
    }

    static let ink = Canvas.RGB(25, 25, 25)

    @Test("given a label and its value far apart on one row, when lines are found, then they are two boxes")
    func wideGapSplits() throws {
        let gray = try Self.page([("Price", 40, 30, 24, Self.ink), ("$32.00", 900, 30, 24, Self.ink)],
                                 width: 1100, height: 100)
        let lines = LineFinder().lines(in: gray)
        #expect(lines.count == 2, "found \(lines)")
        guard lines.count == 2 else { return }
        #expect(lines[0].right < 200 && lines[1].left > 850, "found \(lines)")
        #expect(abs(lines[0].middle - lines[1].middle) < 6, "one row: \(lines)")
    }

    @Test("given two columns of five lines, when lines are found, then the left column comes first, top to bottom")
    func twoColumns() throws {
        let left = ["The river runs", "past the mill and", "under the bridge", "before it turns", "towards the sea"]
        let right = ["Tickets cost four", "pounds for adults", "and two for each", "child under twelve", "years of age"]
        var parts: [(String, Int, Int, Int, Canvas.RGB)] = []
        for (row, text) in left.enumerated() { parts.append((text, 40, 30 + row * 30, 18, Self.ink)) }
        for (row, text) in right.enumerated() { parts.append((text, 600, 30 + row * 30, 18, Self.ink)) }
        let lines = LineFinder().lines(in: try Self.page(parts, width: 1000, height: 220))
        #expect(lines.count == 10, "found \(lines)")
        guard lines.count == 10 else { return }
        #expect(lines.prefix(5).allSatisfy { $0.right < 500 }, "left column first: \(lines)")
        #expect(lines.suffix(5).allSatisfy { $0.left > 550 }, "right column next: \(lines)")
        #expect(lines.prefix(5).map(\.top) == lines.prefix(5).map(\.top).sorted())
        #expect(lines.suffix(5).map(\.top) == lines.suffix(5).map(\.top).sorted())
    }

    @Test("given a dark button with light text on a light page, when lines are found, then the button's line is light on dark")
    func lightOnDarkBox() throws {
        let gray = try Self.page([("Your order is ready", 40, 30, 20, Self.ink),
                                  ("Continue to payment", 80, 128, 22, .white)],
                                 width: 700, height: 240, boxes: [(60, 110, 340, 70, Canvas.RGB(30, 60, 140))])
        let lines = LineFinder().lines(in: gray)
        #expect(lines.count == 2, "found \(lines)")
        let button = lines.first { $0.top > 110 && $0.bottom < 180 }
        #expect(button?.lightOnDark == true, "found \(lines)")
        #expect(button.map { $0.left >= 70 && $0.right <= 400 } == true, "inside the button: \(lines)")
        #expect(lines.first { $0.bottom < 100 }?.lightOnDark == false, "found \(lines)")
    }

    @Test("given light text on a dark page (dark mode), when lines are found, then each drawn line is one light-on-dark box, in order")
    func darkPage() throws {
        let lines = ["Invoice number 48213", "Total due 129.50 EUR", "Pay before Friday"]
        let page = try Pages.text(lines, color: .init(225, 225, 225), background: .init(24, 24, 28))
        let found = LineFinder().lines(in: GrayImage(page.image))
        #expect(found.count == lines.count, "found \(found)")
        guard found.count == lines.count else { return }
        for (line, drawn) in zip(found, page.boxes) {
            #expect(line.lightOnDark, "found \(found)")
            #expect(abs(line.middle - Double(drawn.y) - Double(drawn.h) / 2) < 6, "drawn \(drawn), found \(line)")
        }
    }

    @Test("given text of 9 px and of 40 px, when lines are found, then each is one box around its letters",
          arguments: [9, 40])
    func smallAndLarge(size: Int) throws {
        let gray = try Self.page([("Boarding closes at gate", 30, 2 * size, size, Self.ink)],
                                 width: 40 * size, height: 5 * size)
        let lines = LineFinder().lines(in: gray)
        #expect(lines.count == 1, "\(size) px: found \(lines)")
        guard let line = lines.first else { return }
        #expect(line.left >= 28 && line.left <= 34, "\(size) px: \(line)")
        #expect(line.height >= size * 2 / 3 && line.height <= size * 3 / 2, "\(size) px: \(line)")
        #expect(line.width >= 8 * size, "\(size) px: \(line)")
    }

    @Test("given a page with a gradient, solid shapes and specks but no text, when lines are found, then there are none")
    func noText() throws {
        let width = 800, height = 600
        var pixels = [UInt8](repeating: 0, count: width * height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = UInt8(60 + (x + y) * 150 / (width + height)) }
        }
        // Solid shapes (a photo's blocks) and isolated specks (noise).
        for (x0, y0, w, h, v) in [(100, 100, 200, 150, 230), (450, 300, 250, 200, 20), (500, 50, 30, 30, 250)] {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { pixels[y * width + x] = UInt8(v) } }
        }
        for _ in 0..<400 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Int((state >> 33) % UInt64(width - 2)), y = Int((state >> 13) % UInt64(height - 2))
            pixels[y * width + x] = 0
            pixels[y * width + x + 1] = 0
        }
        let lines = LineFinder().lines(in: GrayImage(width: width, height: height, pixels: pixels))
        #expect(lines.isEmpty, "found \(lines)")
    }

    @Test("given label-value rows of 11 px text scaled up as the text stage does, when lines are found, then no line is blank ground")
    func noBlankGroundLines() throws {
        // Labels on the left, values right-aligned, 26 px apart, on a 1440-wide page, scaled by 1.39 like the stage
        // scales 11 px letters (seed 5656 `label-value-00`): the light pass took the ground beside dense rows
        // for light ink and found rows there, read as `. —` after `Kwame Rossi`.
        let rows = [("Account", "5 June"), ("Seat", "20F"), ("Seat", "35A"), ("Shipping", "Kwame Rossi"),
                    ("Subtotal", "Kwame García"), ("Amount due", "Priya Okafor"), ("Account", "#475839"),
                    ("Discount", "Chloé Brennan"), ("Boarding", "22 MAR"), ("Boarding", "$176.29"),
                    ("Status", "¥220.95"), ("Balance", "24 Apr"), ("Customer", "Björn Dubois"),
                    ("Gate", "#127575"), ("Phone", "CHF 398.91"), ("Boarding", "CHF 234.93"),
                    ("Reference", "#619540"), ("Seat", "39A"), ("Email", "Tom García")]
        var canvas = Canvas(width: 1440, height: 40 + rows.count * 26, color: .white)
        for (row, (label, value)) in rows.enumerated() {
            let top = 20 + row * 26
            canvas.paint(try TextRenderer.mask(label, font: "DejaVu Sans 11"), x: 72, y: top, color: Self.ink)
            let valueMask = try TextRenderer.mask(value, font: "DejaVu Sans 11")
            canvas.paint(valueMask, x: 1368 - valueMask.width, y: top, color: Self.ink)
        }
        let page = GrayImage(canvas.image).scaled(by: 2000.0 / 1440.0)
        let lines = LineFinder().lines(in: page)
        let blank = lines.filter { line in
            var darkest = 255, lightest = 0
            for y in line.top..<line.bottom {
                for x in line.left..<line.right {
                    darkest = min(darkest, Int(page.pixels[y * page.width + x]))
                    lightest = max(lightest, Int(page.pixels[y * page.width + x]))
                }
            }
            return lightest - darkest < 18
        }
        #expect(blank.isEmpty, "blank lines \(blank) among \(lines.count)")
        #expect(lines.count >= rows.count * 2, "found \(lines.count) lines")
    }
}
