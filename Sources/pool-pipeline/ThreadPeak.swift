import Foundation
import Synchronization

/// This process's threads (`/proc/self/task`), and the most seen at once while sampling: `bench` shows how many
/// threads a stage adds while it runs (an OpenMP team that Tesseract starts, say).
final class ThreadPeak: Sendable {
    private let state = Mutex<(peak: Int, running: Bool)>((0, true))
    private let done = Mutex<Bool>(false)

    /// The threads of this process now.
    static var current: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }

    /// Starts sampling every millisecond on a thread of its own (counted in `current` from now on).
    init() {
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let now = Self.current
                state.withLock { $0.peak = max($0.peak, now) }
                usleep(1000)
            }
            done.withLock { $0 = true }
        }
        while state.withLock({ $0.peak }) == 0 { usleep(100) }     // the sampler runs: it counts itself
    }

    /// Stops sampling; the most threads seen at once.
    func stop() -> Int {
        state.withLock { $0.running = false }
        while !done.withLock({ $0 }) { usleep(100) }
        return state.withLock { $0.peak }
    }
}
