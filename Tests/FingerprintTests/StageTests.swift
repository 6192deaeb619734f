import Captures
import FingerprintStages
import Foundation
import Runner
import TestSupport
import Testing

@Suite("Stages")
struct StageTests {
    static func decoded(_ image: RGBImage, path: String = "/photos/a.jpg") -> DecodedCapture {
        let file = CaptureFile(id: CaptureID("a"), source: "photos", path: path, relativePath: "a.jpg",
                               byteCount: 1, modified: Date(timeIntervalSince1970: 0))
        let metadata = CaptureMetadata(date: Date(timeIntervalSince1970: 0), dateSource: .file, location: nil,
                                       pixelWidth: image.width, pixelHeight: image.height, kind: .photo, format: "jpeg")
        return DecodedCapture(file: file, image: image, metadata: metadata)
    }

    @Test("fingerprint.phash hashes the working image; variants of it come out within the match threshold")
    func fingerprintStage() async throws {
        let harness = StageHarness(FingerprintStage())
        let photo = SyntheticPicture.photo(seed: 40, width: 320, height: 240)
        let outputs = try await harness.run([Self.decoded(photo),
                                             Self.decoded(ImageVariants.brightened(photo, by: 1.15)),
                                             Self.decoded(SyntheticPicture.photo(seed: 41, width: 320, height: 240))])
        #expect(outputs[0] == PerceptualHasher().fingerprint(of: photo))
        #expect(outputs[0].distance(to: outputs[1]) <= FingerprintMatch.threshold)
        #expect(outputs[0].distance(to: outputs[2]) > FingerprintMatch.threshold)
    }

    @Test("focus.laplacian marks the blurred capture and not the sharp one")
    func focusStage() async throws {
        let harness = StageHarness(FocusStage())
        let photo = SyntheticPicture.photo(seed: 42, width: 384, height: 288)
        let outputs = try await harness.run([Self.decoded(photo), Self.decoded(ImageVariants.blurred(photo, sigma: 1.5))])
        #expect(outputs.map(\.outOfFocus) == [false, true])
        #expect(outputs[0].sharpness > outputs[1].sharpness)
    }

    @Test("an empty working image fails the capture with an error naming the stage, capture and file")
    func emptyImage() async throws {
        let harness = StageHarness(FocusStage(), stageID: "focus")
        let empty = Self.decoded(RGBImage(width: 0, height: 0, pixels: []), path: "/photos/broken.png")
        await #expect(throws: FingerprintStageError.self) { try await harness.process(empty, capture: CaptureID("x")) }
        do {
            _ = try await StageHarness(FingerprintStage(), stageID: "hash").process(empty, capture: CaptureID("x"))
        } catch {
            #expect("\(error)".contains("hash") && "\(error)".contains("/photos/broken.png"))
        }
    }

    @Test("registerFingerprintStages registers both kinds")
    func registration() {
        var registry = StageRegistry()
        registry.registerFingerprintStages()
        #expect(registry.stageKinds == ["fingerprint.phash", "focus.laplacian"])
    }
}

@Suite("Moment facts from a record")
struct MomentCaptureRecordTests {
    @Test("a record with a fingerprint gives its id, source, date, fingerprint and sharpness; one without gives nil")
    func fromRecord() {
        let decoded = StageTests.decoded(SyntheticPicture.photo(seed: 1, width: 8, height: 8))
        var record = CaptureRecord(file: decoded.file, metadata: decoded.metadata)
        #expect(MomentCapture(record) == nil)
        record.fingerprint = VisualFingerprint(bits: 42)
        record.focus = FocusMeasure(sharpness: 12.5, outOfFocus: false)
        #expect(MomentCapture(record) == MomentCapture(id: CaptureID("a"), source: "photos", date: decoded.metadata.date,
                                                       dateSource: decoded.metadata.dateSource,
                                                       kind: decoded.metadata.kind,
                                                       fingerprint: VisualFingerprint(bits: 42), sharpness: 12.5))
    }
}
