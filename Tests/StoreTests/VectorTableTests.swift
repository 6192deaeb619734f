import Runner
import Testing
@testable import Store

@Suite("Vector table")
struct VectorTableTests {
    static func value(_ index: Int, _ row: Int) -> Float {
        let step: Int = (index * 7 + row * 13) % 11
        return Float(step) - 5
    }

    @Test("The nearest rows by dot product, as a plain loop finds them, with a dimension that is not a multiple of 16")
    func nearest() {
        let dimension = 37
        var vectors: [(capture: CaptureID, values: [Float])] = []
        for row in 0..<50 {
            vectors.append((CaptureID("c\(row)"), (0..<dimension).map { Self.value($0, row) }))
        }
        let query: [Float] = (0..<dimension).map { Float(($0 * 3) % 5) - 2 }
        let table = VectorTable(path: ":memory:", captureCount: 50, vectors: vectors)
        var expected: [(String, Float)] = []
        for vector in vectors {
            var sum: Float = 0
            for index in 0..<dimension { sum += vector.values[index] * query[index] }
            expected.append((vector.capture.rawValue, sum))
        }
        expected.sort { $0.1 > $1.1 }
        let found = table.nearest(to: query, count: 5, minimum: -.infinity)
        #expect(found.count == 5)
        for (id, score) in expected.prefix(5) { #expect(abs((found[id] ?? .nan) - score) < 1e-3, "\(id)") }
    }
}
