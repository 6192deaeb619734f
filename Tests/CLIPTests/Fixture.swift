import Captures
import Foundation
import ModelEngine

/// The reference fixtures made by scripts/clip-make-fixtures.py with Hugging Face transformers.
struct Fixture {
    struct Reference: Decodable {
        struct Image: Decodable {
            var name: String
            var width: Int
            var height: Int
        }
        var source: String
        var texts: [String]
        var token_ids: [[Int]]
        var text_embeddings: [[Float]]
        var images: [Image]
        var image_embeddings: [[Float]]
    }

    static let root: String = Bundle.module.path(forResource: "Fixtures", ofType: nil)!
    static let modelPath = root + "/tiny-clip"

    static func reference() throws -> Reference {
        try JSONDecoder().decode(Reference.self, from: Data(contentsOf: URL(fileURLWithPath: root + "/reference.json")))
    }

    static func image(_ entry: Reference.Image) throws -> RGBImage {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/images/\(entry.name).rgb"))
        return RGBImage(width: entry.width, height: entry.height, pixels: [UInt8](bytes))
    }

    /// The reference preprocessing of image `index`, [3, size, size].
    static func referencePixels(index: Int, size: Int) throws -> Tensor {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/pixel_values.f32"))
        let count = 3 * size * size
        let values: [Float] = data.withUnsafeBytes { raw in
            (0..<count).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(
                fromByteOffset: 4 * (index * count + $0), as: UInt32.self))) }
        }
        return Tensor(shape: [3, size, size], storage: values)
    }

    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "comparing \(a.count) values with \(b.count)")
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clip-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of the fixture model folder that a test may alter.
    static func modelCopy() throws -> String {
        let path = try temporaryFolder() + "/model"
        try FileManager.default.copyItem(atPath: modelPath, toPath: path)
        return path
    }
}
