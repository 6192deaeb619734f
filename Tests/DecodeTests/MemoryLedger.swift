import Runner

/// A ledger in memory: what a store would record, for source tests. It answers batch lookups and pages of ids
/// itself, and counts how a source reads it.
actor MemoryLedger: CaptureLedger {
    private(set) var recorded: [String: [CaptureID: String]] = [:]
    private(set) var forgotten: [CaptureID] = []
    /// Calls to `signatures(source:)`, which reads the whole source at once.
    private(set) var wholeReads = 0
    /// The most captures asked about, or returned, in one batch lookup or page.
    private(set) var largestBatch = 0

    func signatures(source: String) async throws -> [CaptureID: String] {
        wholeReads += 1
        return recorded[source] ?? [:]
    }

    func signatures(of captures: [CaptureID], source: String) async throws -> [CaptureID: String] {
        largestBatch = max(largestBatch, captures.count)
        return (recorded[source] ?? [:]).filter { captures.contains($0.key) }
    }

    func captureIDs(source: String, after id: CaptureID?, limit: Int) async throws -> [CaptureID] {
        let page = (recorded[source] ?? [:]).keys.filter { key in id.map { $0.bytesPrecede(key) } ?? true }
            .sorted { $0.bytesPrecede($1) }.prefix(limit)
        largestBatch = max(largestBatch, page.count)
        return Array(page)
    }

    func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws {
        recorded[source, default: [:]][failure.capture] = signature
    }

    func forget(_ captures: [CaptureID], source: String) async throws {
        largestBatch = max(largestBatch, captures.count)
        forgotten += captures
        for capture in captures { recorded[source]?[capture] = nil }
    }

    /// Records a capture as indexed, as the persist stage would.
    func record(_ capture: CaptureID, signature: String, source: String) {
        recorded[source, default: [:]][capture] = signature
    }
}
