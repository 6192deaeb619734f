import CProcessGuard
import Foundation

/// Keeps indexing going when a capture takes the process down: the command runs in a child process, and when the
/// child dies of a signal (an abort or a segfault in a C library, the memory ceiling) the supervisor notes it in
/// the index's journal of captures under way and starts the child again, which tries the captures that were under
/// way one at a time and fails the one that takes it down again (see `CaptureJournal`).
///
/// The child runs in its own process group and dies with the supervisor; signals sent to the supervisor
/// (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2) are passed on to it, so a Ctrl-C reaches it once.
public enum RunSupervisor {
    /// Set in the child's environment to the supervisor's pid.
    static let variable = "POOL_PIPELINE_SUPERVISOR"

    /// Set in the environment of a child started again after the last one died.
    static let restartVariable = "POOL_PIPELINE_RESTARTED"

    /// Whether this process is a supervised child.
    public static var isSupervised: Bool { ProcessInfo.processInfo.environment[variable] != nil }

    /// Whether this process is a supervised child started again after a capture took the last one down: it carries
    /// on that run (`IndexingMode.continuesInterruptedRun`).
    public static var isRestart: Bool { ProcessInfo.processInfo.environment[restartVariable] != nil }

    /// Whether `pid` is a supervised child whose supervisor is gone: the kernel is ending it (it dies with its
    /// supervisor), so whatever it holds is about to be let go.
    public static func isOrphanedChild(pid: Int32) -> Bool {
        guard pid > 0,
              let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return false }
        let prefix = Array((variable + "=").utf8)
        let entry = environment.split(separator: 0).first { $0.starts(with: prefix) }
        guard let entry, let supervisor = Int32(String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)) else {
            return false
        }
        // /proc/PID/stat: "pid (name) state ppid ..."
        let fields = stat[afterName.upperBound...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) != supervisor
    }

    /// In a supervised child: dies with the supervisor (and at once if the supervisor is gone already).
    public static func attachToSupervisor() {
        guard let value = ProcessInfo.processInfo.environment[variable], let supervisor = Int32(value) else { return }
        _ = pool_guard_die_with_parent()
        if getppid() != supervisor { _exit(1) }
    }

    /// Runs this program again with the same arguments as a supervised child until it exits by itself (its exit
    /// status is returned), dies after being asked to stop (128 + its signal: nothing restarts a run that was
    /// stopped), or has died `maxRestarts` times (1).
    /// `note` prints what happened for the person watching.
    public static func supervise(indexPath: String, maxRestarts: Int = 25,
                                 note: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        -> Int32 {
        pool_guard_forward_signals(0)
        var deaths = 0
        while true {
            guard let child = spawnChild(restarted: deaths > 0) else {
                note("pool-pipeline: cannot start the indexing process: \(String(cString: strerror(errno)))")
                return 1
            }
            pool_guard_forward_signals(child)
            if pool_guard_stop_signal() != 0 { kill(child, pool_guard_stop_signal()) }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            pool_guard_forward_signals(0)
            let signal = status & 0x7f
            if signal == 0 { return (status >> 8) & 0xff }
            if pool_guard_stop_signal() != 0 { return 128 + signal }  // stopped, and it died of `signal` meanwhile
            CaptureJournal.noteDeath(signal: signal, indexPath: indexPath)
            deaths += 1
            guard deaths <= maxRestarts else {
                note("pool-pipeline: the indexing process died \(deaths) times "
                    + "(last: \(JournalReplay.name(of: signal))); giving up")
                return 1
            }
            note("pool-pipeline: the indexing process died of \(JournalReplay.name(of: signal)); starting it again "
                + "(the captures it was working on are tried one at a time)")
        }
    }

    private static func spawnChild(restarted: Bool) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (a terminal's Ctrl-C reaches the supervisor, which passes it on once), no signal
        // blocked whatever this thread blocks.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = String(getpid())
        if restarted { environment[restartVariable] = "1" }
        // Swift's backtracer would print pages for a crash the supervisor handles; a SWIFT_BACKTRACE set by hand wins.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/proc/self/exe", nil, &attributes, arguments, variables)
        guard result == 0 else {
            errno = result
            return nil
        }
        return pid
    }
}
