import Runner

/// A ledger in memory: what a store would record, for source tests.
actor MemoryLedger: CaptureLedger {
    private(set) var recorded: [String: [CaptureID: String]] = [:]
    private(set) var forgotten: [CaptureID] = []

    func signatures(source: String) async throws -> [CaptureID: String] { recorded[source] ?? [:] }

    func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws {
        recorded[source, default: [:]][failure.capture] = signature
    }

    func forget(_ captures: [CaptureID], source: String) async throws {
        forgotten += captures
        for capture in captures { recorded[source]?[capture] = nil }
    }

    /// Records a capture as indexed, as the persist stage would.
    func record(_ capture: CaptureID, signature: String, source: String) {
        recorded[source, default: [:]][capture] = signature
    }
}
