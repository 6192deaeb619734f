import Foundation
import ImageClassifier
import Testing

@Suite("A missing or malformed weights file is refused, naming the file and tensor")
struct WeightsFileErrorTests {
    /// Writes a safetensors file holding zeros for every tensor the network reads, except that `omit` is left
    /// out and `reshape` gets another shape.
    static func writeWeights(to path: String, omit: String? = nil, reshape: (String, [Int])? = nil) throws {
        var header: [String: Any] = [:]
        var offset = 0
        for (name, expectedShape) in EfficientNetLite0.expectedTensors where name != omit {
            let shape = reshape?.0 == name ? reshape!.1 : expectedShape
            let size = shape.reduce(1, *) * 4
            header[name] = ["dtype": "F32", "shape": shape, "data_offsets": [offset, offset + size]]
            offset += size
        }
        let json = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        var data = Data()
        withUnsafeBytes(of: UInt64(json.count).littleEndian) { data.append(contentsOf: $0) }
        data.append(json)
        data.append(Data(count: offset))
        try data.write(to: URL(fileURLWithPath: path))
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("classifier-\(getpid())-\(name)").path
    }

    static func loadError(_ path: String) -> ClassifierError? {
        do {
            _ = try ImageClassifier(weightsFile: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing file names the file and says to run scripts/setup")
    func missingFile() {
        let path = Self.temporaryPath("absent.safetensors")
        let error = Self.loadError(path)
        #expect(error == .weightsMissing(file: path))
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("scripts/setup") == true)
    }

    @Test("a file without one tensor names that tensor")
    func missingTensor() throws {
        let path = Self.temporaryPath("missing-tensor.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeWeights(to: path, omit: "blocks.7.depthwise.weight")
        let message = try #require(Self.loadError(path)).description
        #expect(message.contains(path))
        #expect(message.contains("\"blocks.7.depthwise.weight\""))
    }

    @Test("a tensor of the wrong shape is named with both shapes")
    func wrongShape() throws {
        let path = Self.temporaryPath("wrong-shape.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeWeights(to: path, reshape: ("head.weight", [1280, 321, 1, 1]))
        let message = try #require(Self.loadError(path)).description
        #expect(message.contains(path))
        #expect(message.contains("\"head.weight\""))
        #expect(message.contains("[1280, 321, 1, 1]") && message.contains("[1280, 320, 1, 1]"))
    }

    @Test("a truncated file is refused as truncated")
    func truncated() throws {
        let path = Self.temporaryPath("truncated.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeWeights(to: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: try handle.seekToEnd() - 4096)
        try handle.close()
        let message = try #require(Self.loadError(path)).description
        #expect(message.contains(path))
        #expect(message.contains("truncated"))
    }

    @Test("a complete file of the right shapes loads")
    func completeFileLoads() throws {
        let path = Self.temporaryPath("complete.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeWeights(to: path)
        #expect(Self.loadError(path) == nil)
    }
}
