import Captures
import Foundation
import ReadingFixtures
import Runner
import Testing
import TestSupport
import TextStages

/// Photos through the text stage (issue 10, photos): text on a sign is read, scene texture is not read as words.
/// The photos are `scripts/photo-text-corpus.py` seed 1 (wallpapers from Debian packages with text drawn on), kept
/// in Tests/Fixtures/photos.
@Suite("tesseract.text on photos")
struct PhotoTextTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos").path
    let stage = TesseractTextStage()

    /// The photo `name` (long side `longSide`, as stored) as the decode stage hands a camera JPEG on: kind photo.
    static func capture(_ name: String, longSide: Int) throws -> DecodedCapture {
        let image = try RGBImage.photo(path: folder + "/" + name, longSide: longSide)
        var capture = Pages.capture(image)
        capture.metadata.kind = .photo
        capture.metadata.format = "jpeg"
        return capture
    }

    static func words(_ text: CaptureText) -> Set<String> {
        Set(text.lines.flatMap { $0.text.split(whereSeparator: \.isWhitespace) }
            .map { String($0.lowercased().filter { $0.isLetter || $0.isNumber }) }.filter { !$0.isEmpty })
    }

    @Test("given a photo with a blue sign (monospace, x-height 18 px) on rough texture, when read, then its words are read")
    func signIsRead() async throws {
        let text = try await StageHarness(stage).process(Self.capture("sign-road-south.jpg", longSide: 1400))
        let words = Self.words(text)
        #expect(words.isSuperset(of: ["road", "south"]), "read \(text.lines.map(\.text))")
    }

    @Test("given a textured photo without text (a fence of pickets, bare branches), when read, then no text comes back",
          arguments: [("texture-fence.jpg", 1600), ("texture-branches.jpg", 1400)])
    func textureYieldsNoText(name: String, longSide: Int) async throws {
        let text = try await StageHarness(stage).process(Self.capture(name, longSide: longSide))
        #expect(text.lines.isEmpty, "read \(text.lines.map(\.text))")
    }
}
