import Synchronization

/// Pairs, for each capture a committing stage took, the stage's output (when `process` returned) with its verdict
/// (when the stage reported it), which arrive in either order; hands the pair over once both are in.
final class PendingCommits: Sendable {
    /// A capture whose output and verdict are both in.
    struct Settled {
        var output: Envelope
        var verdict: CommitReceipts.Verdict
    }

    private struct Entry {
        var output: Envelope?
        var verdict: CommitReceipts.Verdict?
    }

    private let entries = Mutex<[CaptureID: Entry]>([:])

    /// The stage returned `output` for its capture.
    func outputArrived(_ output: Envelope) -> Settled? {
        entries.withLock { entries in
            var entry = entries[output.capture] ?? Entry()
            entry.output = output
            return settle(entry, capture: output.capture, in: &entries)
        }
    }

    /// The stage reported what became of `capture`.
    func verdictArrived(_ verdict: CommitReceipts.Verdict, for capture: CaptureID) -> Settled? {
        entries.withLock { entries in
            var entry = entries[capture] ?? Entry()
            entry.verdict = verdict
            return settle(entry, capture: capture, in: &entries)
        }
    }

    /// Outputs still waiting for a verdict (a stage that finished without reporting them); the table is emptied.
    func drainUnsettled() -> [Envelope] {
        entries.withLock { entries in
            defer { entries = [:] }
            return entries.values.compactMap(\.output)
        }
    }

    private func settle(_ entry: Entry, capture: CaptureID, in entries: inout [CaptureID: Entry]) -> Settled? {
        guard let output = entry.output, let verdict = entry.verdict else {
            entries[capture] = entry
            return nil
        }
        entries[capture] = nil
        return Settled(output: output, verdict: verdict)
    }
}
