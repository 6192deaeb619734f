import Foundation

/// Writes small safetensors files for tests, byte by byte as the format describes.
enum SafetensorsFixture {
    struct Item {
        var name: String
        var dtype: String
        var shape: [Int]
        var bytes: [UInt8]
    }

    static func f32(_ name: String, _ shape: [Int], _ values: [Float]) -> Item {
        Item(name: name, dtype: "F32", shape: shape,
             bytes: values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) })
    }

    static func f16(_ name: String, _ shape: [Int], _ values: [Float]) -> Item {
        Item(name: name, dtype: "F16", shape: shape,
             bytes: values.flatMap { withUnsafeBytes(of: Float16($0).bitPattern.littleEndian, Array.init) })
    }

    static func bf16(_ name: String, _ shape: [Int], _ values: [Float]) -> Item {
        Item(name: name, dtype: "BF16", shape: shape,
             bytes: values.flatMap { withUnsafeBytes(of: UInt16($0.bitPattern >> 16).littleEndian, Array.init) })
    }

    /// The bytes of a file holding `items`, with the header written as given by `header` when set.
    static func bytes(_ items: [Item], header override: String? = nil) -> [UInt8] {
        var offset = 0
        var fields: [String] = []
        for item in items {
            let shape = item.shape.map(String.init).joined(separator: ",")
            fields.append("\"\(item.name)\":{\"dtype\":\"\(item.dtype)\",\"shape\":[\(shape)],"
                + "\"data_offsets\":[\(offset),\(offset + item.bytes.count)]}")
            offset += item.bytes.count
        }
        let header = Array((override ?? "{\(fields.joined(separator: ","))}").utf8)
        var result = withUnsafeBytes(of: UInt64(header.count).littleEndian, Array.init)
        result += header
        for item in items { result += item.bytes }
        return result
    }

    /// Writes `bytes` to a fresh file in the temporary folder and returns its path.
    static func write(_ bytes: [UInt8], name: String = "weights.safetensors") throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-engine-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
