import Captures
import DecodeStages
import Foundation
import Runner
import Testing

@Suite("committed samples")
struct SamplesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples").path

    @Test("given samples/, then every capture decodes as the README says and broken.jpg fails naming itself")
    func samplesDecode() async throws {
        let plan = try FolderSource(root: Self.samples).plan(sourceID: "samples", indexed: [:])
        let stage = try VipsDecodeStage()
        var decoded: [String: DecodedCapture] = [:]
        var failures: [String: String] = [:]
        for capture in plan.changed {
            do { decoded[capture.value.relativePath] = try stage.decode(capture.value) }
            catch { failures[capture.value.relativePath] = "\(error)" }
        }
        #expect(plan.foundCount >= 12)
        #expect(failures.keys.sorted() == ["Photos/broken.jpg"])
        let reason = try #require(failures["Photos/broken.jpg"])
        #expect(reason.contains(Self.samples + "/Photos/broken.jpg"))
        // The reason is about this file only, though libvips' shared error buffer may hold lines about others.
        #expect(!reason.contains(".HEIC") && !reason.contains(".webp") && !reason.contains(".png"))

        let screenshots = decoded.filter { $0.key.hasPrefix("Screenshots/") }
        #expect(screenshots.count == 5 && screenshots.values.allSatisfy { $0.metadata.kind == .screenshot })
        let photos = decoded.filter { $0.key.hasPrefix("Photos/") }
        #expect(photos.values.allSatisfy { $0.metadata.kind == .photo })

        let rotated = try #require(decoded["Photos/IMG_0420-rotated.jpg"])
        #expect(rotated.metadata.pixelWidth < rotated.metadata.pixelHeight)
        #expect(rotated.image.width < rotated.image.height)

        let dogs = try #require(decoded["Photos/IMG_2031.jpg"]).metadata
        #expect(dogs.dateSource == .exif && dogs.date == ISO8601DateFormatter().date(from: "2023-07-14T08:22:33Z"))
        #expect(abs((dogs.location?.latitude ?? 0) - 43.3183) < 0.001)
        #expect(abs((dogs.location?.longitude ?? 0) + 1.9812) < 0.001)
        #expect(try #require(decoded["Photos/river.webp"]).metadata.dateSource == .file)
        #expect(decoded.values.allSatisfy { max($0.image.width, $0.image.height) <= 1600 })
    }
}
