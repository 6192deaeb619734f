import Captures
import Foundation
import LabelsStages
import Runner
import TestSupport
import Testing

@Suite("The labels stage")
struct LabelsStageTests {
    /// A 256×256 capture whose centre 224 crop is the fixture photograph, so the stage sees the reference input.
    static func capture(_ name: String, kind: CaptureMetadata.Kind = .photo) throws -> DecodedCapture {
        let image = try #require(ClassifierFixtures.reference.images.first { $0.name == name })
        let crop = try ClassifierFixtures.crop(image)
        var pixels = [UInt8](repeating: 127, count: 256 * 256 * 3)
        for y in 0..<224 {
            let from = y * 224 * 3
            let to = ((y + 16) * 256 + 16) * 3
            pixels.replaceSubrange(to..<(to + 224 * 3), with: crop[from..<(from + 224 * 3)])
        }
        let file = CaptureFile(id: CaptureID(name), source: "test", path: "/photos/\(name).jpg",
                               relativePath: "\(name).jpg", byteCount: 1, modified: Date(timeIntervalSince1970: 0))
        let metadata = CaptureMetadata(date: Date(timeIntervalSince1970: 0), dateSource: .file, location: nil,
                                       pixelWidth: 256, pixelHeight: 256, kind: kind, format: "jpeg")
        return DecodedCapture(file: file, image: RGBImage(width: 256, height: 256, pixels: pixels), metadata: metadata)
    }

    /// Answers "sunset" for vectors of its model, as a CLIP labeler would.
    struct FakeZeroShot: ZeroShotLabeler {
        func labels(for vector: ImageVector, vocabulary: [String]) throws -> [CaptureLabel] {
            vector.model == "fake" ? [CaptureLabel(name: "sunset", confidence: 0.7),
                                      CaptureLabel(name: "dog", confidence: 0.99)] : []
        }
    }

    @Test("a photo of a dog is labelled dog, animal and photo")
    func dogPhoto() async throws {
        let stage = LabelsStage(classifier: try ClassifierFixtures.classifier.get())
        let labels = try await StageHarness(stage).process(LabelsInput(decoded: try Self.capture("dog-at-window")))
        let names = labels.labels.map(\.name)
        #expect(names.first == "photo")
        #expect(names.contains("dog") && names.contains("animal"))
        #expect(!names.contains("food") && !names.contains("vehicle"))
        #expect(labels.labels.allSatisfy { (0...1).contains($0.confidence) })
    }

    @Test("mountains are labelled as a mountain landscape outdoors")
    func mountains() async throws {
        let stage = LabelsStage(classifier: try ClassifierFixtures.classifier.get())
        let labels = try await StageHarness(stage).process(LabelsInput(decoded: try Self.capture("mountains")))
        let names = labels.labels.map(\.name)
        #expect(names.contains("mountain") && names.contains("outdoor"))
        #expect(!names.contains("dog"))
    }

    @Test("zero-shot labels join the classifier's, one label per word at its highest confidence")
    func zeroShot() async throws {
        let stage = LabelsStage(classifier: try ClassifierFixtures.classifier.get(), zeroShot: FakeZeroShot())
        let input = LabelsInput(decoded: try Self.capture("dog-at-window"),
                                codes: CaptureCodes(codes: [ReadCode(format: "QRCode", payload: [1], text: "x",
                                                                     box: NormalizedRect(x: 0, y: 0, width: 1, height: 1))]),
                                vector: ImageVector(model: "fake", values: [1]))
        let labels = try await StageHarness(stage).process(input).labels
        #expect(labels.filter { $0.name == "dog" }.map(\.confidence) == [0.99])
        #expect(labels.contains(CaptureLabel(name: "sunset", confidence: 0.7)))
        #expect(labels.contains(CaptureLabel(name: "qr code", confidence: 1)))
        #expect(labels == labels.sorted { $0.confidence > $1.confidence || ($0.confidence == $1.confidence && $0.name < $1.name) })
    }

    @Test("the joined input takes the decoded capture and whichever optional parts arrived")
    func joinedInput() throws {
        var parts = JoinedParts()
        parts.add(try Self.capture("mountains"))
        parts.add(CaptureText(lines: []))
        let input = try LabelsInput(parts: parts)
        #expect(input.text == CaptureText(lines: []))
        #expect(input.codes == nil && input.vector == nil)
        #expect(throws: JoinError.self) { try LabelsInput(parts: JoinedParts()) }
    }
}
