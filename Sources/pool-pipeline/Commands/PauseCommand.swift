import Foundation
import PoolPipeline
import Store

/// `pool-pipeline pause`: asks the running `run` to pause at its stage boundaries.
struct PauseCommand: Command {
    static let name = "pause"
    static let abstract = "Pause a running `run` (captures inside a stage finish, none enter)"
    static let help = """
        Usage: pool-pipeline pause [--index PATH]

        Sends SIGUSR1 to the process indexing into the index; `pool-pipeline resume` continues.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode { try signalRunningProcess(index: indexPath, signal: SIGUSR1, verb: "paused") }
}

/// `pool-pipeline resume`: lets a paused `run` go on.
struct ResumeCommand: Command {
    static let name = "resume"
    static let abstract = "Resume a paused `run`"
    static let help = """
        Usage: pool-pipeline resume [--index PATH]

        Sends SIGUSR2 to the process indexing into the index.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode { try signalRunningProcess(index: indexPath, signal: SIGUSR2, verb: "resumed") }
}

private func signalRunningProcess(index: String, signal: Int32, verb: String) throws -> ExitCode {
    guard let pid = try SavedStatus.load(from: IndexOption.openExisting(index)).runningPID else {
        printError("no run is indexing into \(index)")
        return .failure
    }
    guard kill(pid, signal) == 0 else {
        printError("cannot signal process \(pid): \(String(cString: strerror(errno)))")
        return .failure
    }
    print("\(verb) process \(pid)")
    return .success
}
