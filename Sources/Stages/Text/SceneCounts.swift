import Synchronization

/// What the scene-text path did on one photo (candidate rows, rows kept, lines read, lines dropped as garbage),
/// added up across the recogniser's passes for `TextReadingTrace`.
final class SceneCounts: Sendable {
    private let counts = Mutex((candidates: 0, kept: 0, read: 0, garbage: 0))

    func add(candidates: Int = 0, kept: Int = 0, read: Int = 0, garbage: Int = 0) {
        counts.withLock {
            $0.candidates += candidates; $0.kept += kept; $0.read += read; $0.garbage += garbage
        }
    }

    /// Writes the totals into `trace`.
    func record(into trace: inout TextReadingTrace) {
        let totals = counts.withLock { $0 }
        trace.sceneCandidates = totals.candidates
        trace.sceneKept = totals.kept
        trace.sceneReadLines = totals.read
        trace.sceneGarbageLines = totals.garbage
    }
}
