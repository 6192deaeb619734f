import Captures
import Foundation
import ReadingFixtures
import Testing
import TextStages

/// Text whose lines start and end with runs of dashes that a monospace font draws as one unbroken rule (a
/// private-key block): Tesseract's layout takes such a page for rules and pictures and finds no text line in it.
@Suite("Text stage: a page the layout finds no line on is read again as one block")
struct RuledTextTests {
    /// A private-key block as PrivacyOCRFigures rendered it (seed 707, credential-9): DejaVu Sans Mono 25 px, dark
    /// on white, one line under the other.
    static func privateKeyBlock(dark: Bool = false) throws -> RGBImage {
        let lines = ["-----BEGIN RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEAQWERTZUIOPASDFGHJKLYXCVBNMQWERT",
                     "-----END RSA PRIVATE KEY-----"]
        let masks = try lines.map { try TextRenderer.mask(" " + $0, font: "DejaVu Sans Mono 25", width: 1000) }
        var canvas = Canvas(width: 1080, height: masks.reduce(80) { $0 + $1.height + 12 },
                            color: dark ? Canvas.RGB(24, 24, 28) : .white)
        var y = 40
        for mask in masks {
            canvas.paint(mask, x: 40, y: y, color: dark ? Canvas.RGB(235, 235, 235) : Canvas.RGB(20, 20, 20))
            y += mask.height + 12
        }
        return canvas.image
    }

    @Test(arguments: [TextRecognizerKind.builtIn, .tesseract], [false, true])
    func aPrivateKeyBlockInMonospaceIsRead(_ recognizer: TextRecognizerKind, _ dark: Bool) throws {
        var options = TextReadingOptions()
        options.recognizer = recognizer
        let text = try TesseractTextStage(options: options).read(try Self.privateKeyBlock(dark: dark)).text.fullText
        // Both marker lines, and the key's line between them (Tesseract's own recognition reads `MIIE` as `MITE`).
        #expect(text.contains("BEGIN RSA PRIVATE KEY") && text.contains("END RSA PRIVATE KEY"), "read as \"\(text)\"")
        #expect(text.contains("AAKCAQEA"), "read as \"\(text)\"")
    }
}
