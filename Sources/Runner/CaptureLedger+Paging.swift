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
