import Testing
@testable import ModelEngine

@Suite("Safetensors reader")
struct SafetensorsFileTests {
    @Test("F32, F16 and BF16 tensors read back as the floats written")
    func readsEveryDType() throws {
        let values: [Float] = [1, -2.5, 0.375, 1024, -0.0078125, 3]
        let path = try SafetensorsFixture.write(SafetensorsFixture.bytes([
            SafetensorsFixture.f32("a.weight", [2, 3], values),
            SafetensorsFixture.f16("b.weight", [3, 2], values),
            SafetensorsFixture.bf16("c.bias", [6], values),
        ]))
        let file = try SafetensorsFile(path: path)
        #expect(file.names == ["a.weight", "b.weight", "c.bias"])
        let a = try file.tensor(named: "a.weight")
        #expect(a.shape == [2, 3])
        #expect(a.storage == values)
        #expect(a[1, 0] == 1024)
        #expect(try file.tensor(named: "b.weight", shape: [3, 2]).storage == values)
        #expect(try file.tensor(named: "c.bias").storage == values)
    }

    @Test("F16 and BF16 round to their precision the way the formats define")
    func halfPrecisionRounds() throws {
        let path = try SafetensorsFixture.write(SafetensorsFixture.bytes([
            SafetensorsFixture.f16("h", [1], [0.1]),
            SafetensorsFixture.bf16("b", [1], [1.0 + 1.0 / 512]),
        ]))
        let file = try SafetensorsFile(path: path)
        #expect(try file.tensor(named: "h").storage == [Float(Float16(0.1))])
        #expect(try file.tensor(named: "h").storage != [0.1])
        // BF16 keeps 7 fraction bits, so 1 + 2^-9 truncates to 1.
        #expect(try file.tensor(named: "b").storage == [1])
    }

    @Test("a missing tensor names the file and the tensor")
    func missingTensor() throws {
        let path = try SafetensorsFixture.write(SafetensorsFixture.bytes([SafetensorsFixture.f32("x", [1], [1])]))
        let file = try SafetensorsFile(path: path)
        #expect(throws: SafetensorsError.missingTensor(file: path, tensor: "text_projection.weight")) {
            try file.tensor(named: "text_projection.weight")
        }
        let message = "\(SafetensorsError.missingTensor(file: path, tensor: "text_projection.weight"))"
        #expect(message.contains(path) && message.contains("text_projection.weight"))
    }

    @Test("a wrong shape names the tensor, the expected and the found shape")
    func wrongShape() throws {
        let path = try SafetensorsFixture.write(SafetensorsFixture.bytes([
            SafetensorsFixture.f32("proj", [2, 3], [Float](repeating: 0, count: 6)),
        ]))
        let file = try SafetensorsFile(path: path)
        let error = #expect(throws: SafetensorsError.self) { try file.tensor(named: "proj", shape: [3, 2]) }
        #expect(error == .wrongShape(file: path, tensor: "proj", expected: [3, 2], found: [2, 3]))
        #expect("\(error!)".contains("[3, 2]") && "\(error!)".contains("\"proj\""))
    }

    @Test("a file cut short in its data or its header is refused as truncated")
    func truncated() throws {
        let whole = SafetensorsFixture.bytes([SafetensorsFixture.f32("w", [4], [1, 2, 3, 4])])
        let cutData = try SafetensorsFixture.write(Array(whole.dropLast(3)))
        let error = #expect(throws: SafetensorsError.self) { try SafetensorsFile(path: cutData) }
        guard case .truncated(let file, let reason)? = error else {
            Issue.record("expected .truncated, got \(String(describing: error))")
            return
        }
        #expect(file == cutData && reason.contains("\"w\""))

        let cutHeader = try SafetensorsFixture.write(Array(whole.prefix(20)))
        #expect {
            try SafetensorsFile(path: cutHeader)
        } throws: { error in
            if case .truncated? = error as? SafetensorsError { return true }
            return false
        }
        let tiny = try SafetensorsFixture.write([1, 2, 3])
        #expect {
            try SafetensorsFile(path: tiny)
        } throws: { error in
            if case .truncated? = error as? SafetensorsError { return true }
            return false
        }
    }

    @Test("a header that is not JSON, or whose sizes disagree with the shape, is refused")
    func badHeader() throws {
        let notJSON = try SafetensorsFixture.write(SafetensorsFixture.bytes([], header: "{not json"))
        #expect(throws: SafetensorsError.badHeader(file: notJSON, reason: "the header is not JSON")) {
            try SafetensorsFile(path: notJSON)
        }
        let item = SafetensorsFixture.f32("w", [4], [1, 2, 3, 4])
        let mismatched = SafetensorsFixture.bytes([item],
            header: #"{"w":{"dtype":"F32","shape":[5],"data_offsets":[0,16]}}"#)
        let path = try SafetensorsFixture.write(mismatched)
        #expect {
            try SafetensorsFile(path: path)
        } throws: { error in
            guard case .badHeader(let file, let reason)? = error as? SafetensorsError else { return false }
            return file == path && reason.contains("\"w\"")
        }
    }

    @Test("absurd sizes in a corrupt header are refused, not trusted")
    func absurdSizes() throws {
        var huge = SafetensorsFixture.bytes([SafetensorsFixture.f32("w", [1], [1])])
        huge.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt64.max.littleEndian, Array.init))
        let hugeLength = try SafetensorsFixture.write(huge)
        #expect {
            try SafetensorsFile(path: hugeLength)
        } throws: { error in
            if case .truncated? = error as? SafetensorsError { return true }
            return false
        }
        let item = SafetensorsFixture.f32("w", [1], [1])
        let hugeShape = try SafetensorsFixture.write(SafetensorsFixture.bytes([item],
            header: #"{"w":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,4]}}"#))
        #expect {
            try SafetensorsFile(path: hugeShape)
        } throws: { error in
            guard case .badHeader(_, let reason)? = error as? SafetensorsError else { return false }
            return reason.contains("impossible shape")
        }
    }

    @Test("an element type other than F32, F16 or BF16 is refused when read, naming it")
    func unsupportedDType() throws {
        let item = SafetensorsFixture.Item(name: "ids", dtype: "I64", shape: [1], bytes: [UInt8](repeating: 0, count: 8))
        let path = try SafetensorsFixture.write(SafetensorsFixture.bytes([item]))
        let file = try SafetensorsFile(path: path)
        #expect(throws: SafetensorsError.unsupportedDType(file: path, tensor: "ids", dtype: "I64")) {
            try file.tensor(named: "ids")
        }
    }

    @Test("a file that does not exist is unreadable, naming it")
    func unreadable() {
        #expect {
            try SafetensorsFile(path: "/nonexistent/model.safetensors")
        } throws: { error in
            guard case .unreadable(let file, _)? = error as? SafetensorsError else { return false }
            return file == "/nonexistent/model.safetensors"
        }
    }
}
