extension CaptureLedger {
    /// Looks the captures up in `signatures(source:)`: fine for a ledger held in memory.
    public func signatures(of captures: [CaptureID], source: String) async throws -> [CaptureID: String] {
        let all = try await signatures(source: source)
        var found: [CaptureID: String] = [:]
        for capture in captures { found[capture] = all[capture] }
        return found
    }

    /// Pages through the sorted keys of `signatures(source:)`: fine for a ledger held in memory.
    public func captureIDs(source: String, after id: CaptureID?, limit: Int) async throws -> [CaptureID] {
        var ids = try await signatures(source: source).keys.filter { candidate in
            id.map { $0.bytesPrecede(candidate) } ?? true
        }
        ids.sort { $0.bytesPrecede($1) }
        return Array(ids.prefix(limit))
    }
}

extension CaptureID {
    /// Whether this id sorts before `other` byte by byte (UTF-8), the order SQLite's default collation uses.
    public func bytesPrecede(_ other: CaptureID) -> Bool {
        rawValue.utf8.lexicographicallyPrecedes(other.rawValue.utf8)
    }
}
