import Captures
@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

/// The inverted pass reads only where a light code on dark ground could be (issue 10, codes speed): a light code
/// on a dark screenshot is still found, and a capture without any code skips the pass even when it has dark
/// ground.
@Suite("Light code windows")
struct LightCodeWindowsTests {
    static func inverted(_ image: RGBImage) -> RGBImage {
        RGBImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
    }

    static func read(_ image: RGBImage) throws -> (texts: [String?], pass: CodeReadingTrace.InvertedPass) {
        var trace = CodeReadingTrace()
        let codes = try CodeReader().read(image, trace: &trace)
        return (codes.codes.map(\.text), trace.invertedPass)
    }

    @Test("given a light QR code on a dark-theme screenshot, when read, then the inverted pass runs and finds it",
          arguments: [2, 4])
    func lightQROnDarkScreen(scale: Int) throws {
        let page = Self.inverted(try Pages.text(["Your boarding pass", "Gate 14, seat 22A", "Scan at the gate"],
                                                width: 1200, height: 800).image)
        var canvas = Canvas(width: page.width, height: page.height, color: .white)
        canvas.paste(page, x: 0, y: 0)
        canvas.paste(Self.inverted(try CodeMaker.symbol("QRCODE", data: "https://example.com/pass/\(scale)",
                                                        scale: scale)), x: 760, y: 380)
        let (texts, pass) = try Self.read(canvas.image)
        #expect(texts == ["https://example.com/pass/\(scale)"])
        #expect(pass != .skipped)
    }

    @Test("given a light QR code on a small dark card of a light screen, when planned, then only a window is read")
    func lightQROnDarkCard() throws {
        var canvas = Canvas(width: 1200, height: 800, color: .white)
        let text = try Pages.text(["Order 2291 is ready", "Show this code at the desk"]).image
        canvas.paste(text, x: 0, y: 0)
        canvas.paste(Self.inverted(try CodeMaker.symbol("QRCODE", data: "card window", scale: 3)), x: 800, y: 500)
        let plan = LightCodeWindows.plan(for: GrayImage(canvas.image))
        guard case .windows(let windows) = plan else {
            Issue.record("expected windows, got \(plan)")
            return
        }
        #expect(windows.count == 1)
        #expect(windows.allSatisfy { $0.x <= 800 && $0.y <= 500 && $0.x + $0.width > 860 && $0.y + $0.height > 560 })
        let (texts, pass) = try Self.read(canvas.image)
        #expect(texts == ["card window"])
        #expect(pass == .windows(1))
    }

    @Test("given captures without any code but with dark ground, when read, then the inverted pass is skipped")
    func noCodeSkipsInvertedPass() throws {
        // A light page with a dark banner (a flat dark card holding nothing), and a photo-like scene.
        var canvas = Canvas(width: 1000, height: 700, color: .white)
        canvas.paste(try Pages.text(["Total 32.00 EUR", "Paid by card"]).image, x: 0, y: 0)
        canvas.fill(x: 0, y: 560, width: 1000, height: 140, color: .init(25, 30, 40))
        #expect(DarkGround.present(in: GrayImage(canvas.image)))
        for image in [canvas.image, Pages.scene()] {
            #expect(LightCodeWindows.plan(for: GrayImage(image)) == .none)
            let (texts, pass) = try Self.read(image)
            #expect(texts.isEmpty)
            #expect(pass == .skipped)
        }
    }

    @Test("given the option off, when a capture has dark ground, then the whole image is read inverted as before")
    func optionOff() throws {
        var options = CodeReadingOptions()
        options.invertedWindows = false
        var trace = CodeReadingTrace()
        _ = try CodeReader(options: options).read(Pages.scene(), trace: &trace)
        #expect(trace.invertedPass == .whole)
    }
}
