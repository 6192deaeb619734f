import ControlSocket
import Foundation
import PoolPipeline
import Store

/// `pool-pipeline pause`: asks the running `run` to pause at its stage boundaries.
struct PauseCommand: Command {
    static let name = "pause"
    static let abstract = "Pause a running `run` (captures inside a stage finish, none enter)"
    static let help = """
        Usage: pool-pipeline pause [--index PATH]

        A watcher (`run --watch`) is asked through its control socket (INDEX.control): it pauses the pass under
        way, if any, starts none until resumed, and stays paused when started again. Otherwise sends SIGUSR1 to
        the process indexing into the index (the one holding its lock). `pool-pipeline resume` continues.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        try controlRunningProcess(index: indexPath, request: "pause", signal: SIGUSR1, verb: "paused")
    }
}

/// `pool-pipeline resume`: lets a paused `run` go on.
struct ResumeCommand: Command {
    static let name = "resume"
    static let abstract = "Resume a paused `run`"
    static let help = """
        Usage: pool-pipeline resume [--index PATH]

        A watcher (`run --watch`) is asked through its control socket (INDEX.control); otherwise sends SIGUSR2 to
        the process indexing into the index (the one holding its lock).

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        try controlRunningProcess(index: indexPath, request: "resume", signal: SIGUSR2, verb: "resumed")
    }
}

/// Asks the watcher serving the index's control socket, if one does; otherwise signals the run holding the index.
private func controlRunningProcess(index: String, request: String, signal: Int32, verb: String) throws -> ExitCode {
    _ = try IndexOption.openExisting(index)     // an index, not some other file
    if let code = try askWatcher(index: index, request: request) { return code }
    return try signalRunningProcess(index: index, signal: signal, verb: verb)
}

/// Sends `request` to the watcher of `index` and prints its answer; nil when no watcher listens.
func askWatcher(index: String, request: String) throws -> ExitCode? {
    let line: String
    do {
        line = try ControlClient.send(request, to: WatchControl.socketPath(for: index))
    } catch .notListening {
        return nil
    }
    guard let answer = try? WatchControl.decode(line) else {
        printError("unexpected answer from \(WatchControl.socketPath(for: index)): \(line)")
        return .failure
    }
    guard answer.ok else {
        printError(answer.message)
        return .failure
    }
    var text = "\(answer.message)"
    if let report = answer.report {
        text = "watcher process \(report.pid): " + text
        text += report.passUnderWay ? " (a pass is under way)" : " (between passes)"
    }
    print(text)
    return .success
}

/// Signals the process that holds the index's lock right now: never one named only by a saved pid, which another
/// process may have been given since a crash.
private func signalRunningProcess(index: String, signal: Int32, verb: String) throws -> ExitCode {
    _ = try IndexOption.openExisting(index)     // an index, not some other file
    guard let holder = IndexLock.holder(of: index), !holder.isThisProcess else {
        printError("no run is indexing into \(index)")
        return .failure
    }
    guard holder.pid > 0 else {
        printError("another process holds \(IndexLock.lockPath(for: index)) and does not say its process id")
        return .failure
    }
    guard kill(holder.pid, signal) == 0 else {
        printError("cannot signal process \(holder.pid): \(String(cString: strerror(errno)))")
        return .failure
    }
    print("\(verb) process \(holder.pid)")
    return .success
}
