import Foundation
import Synchronization

/// Holds a run's memory under a ceiling: a thread reads the process's resident memory ten times a second and, when
/// it is past the ceiling, notes it in the journal and ends the process (SIGKILL), so the captures under way are
/// tried again on their own by the next process, and the one that needs that much memory is failed with the
/// reason. Decoding limits (`vips.decode`'s pixel limits) keep ordinary captures far below it; this is the
/// backstop for what slips past them.
public final class MemoryCeiling: Sendable {
    /// The default ceiling: half the machine's memory, at most 8 GiB.
    public static var defaultMiB: Int {
        let physical = Int(ProcessInfo.processInfo.physicalMemory >> 20)
        return max(512, min(8192, physical / 2))
    }

    public let ceilingMiB: Int
    private let journal: CaptureJournal?
    private let running = Atomic(true)

    /// Starts watching at once.
    public init(ceilingMiB: Int, journal: CaptureJournal?) {
        self.ceilingMiB = ceilingMiB
        self.journal = journal
        let thread = Thread { [self] in watch() }
        thread.name = "pool-pipeline.memory-ceiling"
        thread.start()
    }

    /// Stops watching.
    public func stop() { running.store(false, ordering: .releasing) }

    /// The process's resident memory in MiB, from /proc/self/statm.
    public static func residentMiB() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
    }

    private func watch() {
        while running.load(ordering: .acquiring) {
            if let rss = Self.residentMiB(), rss > ceilingMiB {
                journal?.noteOverMemory(rssMiB: rss, ceilingMiB: ceilingMiB)
                FileHandle.standardError.write(Data(
                    "pool-pipeline: \(rss) MiB in use, past the memory ceiling of \(ceilingMiB) MiB: ending the process; the next run tries the captures under way one at a time\n".utf8))
                kill(getpid(), SIGKILL)
            }
            usleep(100_000)
        }
    }
}
