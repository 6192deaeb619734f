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

    @Test("Scanned in parts on several threads, the same rows and scores as one scan, ties to the earlier row")
    func partsAgree() {
        let dimension = 20
        let rows = VectorTable.rowsPerPart * 3 + 5
        var vectors: [(capture: CaptureID, values: [Float])] = []
        for row in 0..<rows {
            // Only 11 distinct values per lane: many equal scores across the parts' boundaries.
            vectors.append((CaptureID("c\(row)"), (0..<dimension).map { Self.value($0, row % 97) }))
        }
        let table = VectorTable(path: ":memory:", captureCount: rows, vectors: vectors)
        let query: [Float] = (0..<dimension).map { Float(($0 * 3) % 5) - 2 }
        for count in [1, 7, 150] {
            let one = table.nearest(to: query, count: count, minimum: -.infinity, parts: 1)
            #expect(one.count == count)
            for parts in [2, 3, 4] {
                #expect(table.nearest(to: query, count: count, minimum: -.infinity, parts: parts) == one,
                        "\(parts) parts, best \(count)")
            }
            #expect(table.nearest(to: query, count: count, minimum: 10, parts: 3)
                    == one.filter { $0.value >= 10 }, "best \(count) of at least 10")
        }
    }
}
