import Benchmarking
import Captures
import Foundation
import Store

/// A temporary index file, deleted with its WAL on tear-down.
final class ScratchIndex {
    let folder: String
    var store: IndexStore?

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString)").path
    }

    func open() throws -> IndexStore {
        let store = try IndexStore(path: folder + "/index.sqlite")
        self.store = store
        return store
    }

    func remove() {
        store?.close()
        store = nil
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Writes records into a fresh index file, `slice` captures per transaction.
struct WriteBenchmark: Benchmark {
    let records: [CaptureRecord]
    let slice: Int
    let scratch = ScratchIndex()
    var name: String { "write, slice \(slice)" }

    /// A fresh index file before every run.
    func prepareRun() throws {
        scratch.remove()
        _ = try scratch.open()
    }

    func run() throws -> Int {
        guard let store = scratch.store else { return 0 }
        for start in stride(from: 0, to: records.count, by: slice) {
            try store.write(Array(records[start..<min(start + slice, records.count)]))
        }
        return records.count
    }

    func tearDown() { scratch.remove() }
}

/// An index filled once, shared by the read benchmarks.
final class FilledIndex {
    let scratch = ScratchIndex()
    let store: IndexStore

    init(records: [CaptureRecord]) throws {
        store = try scratch.open()
        for start in stride(from: 0, to: records.count, by: 500) {
            try store.write(Array(records[start..<min(start + 500, records.count)]))
        }
    }

    deinit { scratch.remove() }
}

/// Full-text queries through FTS5, or (the baseline) the same words as `LIKE` scans over the text column.
struct SearchBenchmark: Benchmark {
    let index: FilledIndex
    let useFTS: Bool
    let group: String
    let queries: [String]
    var name: String { "search \(group), " + (useFTS ? "FTS5" : "LIKE scan") }

    /// Query groups by how many captures match: words from the common, middle and rare parts of the vocabulary.
    static let groups: [(name: String, queries: [String])] = [
        ("common", [SyntheticRecords.words[3], SyntheticRecords.words[5] + " " + SyntheticRecords.words[8]]),
        ("middle", [SyntheticRecords.words[200], SyntheticRecords.words[40] + " " + SyntheticRecords.words[900]]),
        ("rare", [SyntheticRecords.words[1_500], SyntheticRecords.words[2_500] + " " + SyntheticRecords.words[10]]),
    ]

    func run() throws -> Int {
        for query in queries {
            if useFTS {
                _ = try index.store.search(query, limit: 50)
            } else {
                let words = query.split(separator: " ").map { "%\($0)%" }
                let condition = words.map { _ in "text LIKE ?" }.joined(separator: " AND ")
                _ = try index.store.read { db in
                    try db.query("SELECT path FROM captures WHERE \(condition) LIMIT 50",
                                 words.map { .text($0) }) { $0.string(0) }
                }
            }
        }
        return queries.count
    }
}

/// The JSON-lines export, or (the baseline) reading the same capture rows without building JSON.
struct ExportBenchmark: Benchmark {
    let index: FilledIndex
    let encode: Bool
    var name: String { encode ? "export JSON lines" : "read capture rows (baseline)" }

    func run() throws -> Int {
        var count = 0
        if encode {
            try index.store.exportJSONLines { line in count += line.utf8.count > 0 ? 1 : 0 }
        } else {
            count = try index.store.read { db in
                var rows = 0
                try db.forEachRow("SELECT id, path, date, text, fingerprint FROM captures ORDER BY path") { row in
                    rows += row.string(1) == nil ? 0 : 1
                }
                return rows
            }
        }
        return count
    }
}

/// The ledger's signatures for a whole source, as the start of every run reads them.
struct SignaturesBenchmark: Benchmark {
    let index: FilledIndex
    var name: String { "ledger signatures (per capture)" }

    func run() throws -> Int {
        let store = index.store
        return try store.read { db in
            var count = 0
            try db.forEachRow("""
                SELECT id, signature FROM captures WHERE source = ?1
                UNION ALL SELECT capture_id, signature FROM failures WHERE source = ?1
                """, ["library"]) { _ in count += 1 }
            return count
        }
    }
}
