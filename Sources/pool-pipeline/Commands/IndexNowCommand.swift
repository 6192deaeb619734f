import Foundation
import PoolPipeline

/// `pool-pipeline index-now`: asks a running watcher for a pass now.
struct IndexNowCommand: Command {
    static let name = "index-now"
    static let abstract = "Ask a running watcher (`run --watch`) for a pass now"
    static let help = """
        Usage: pool-pipeline index-now [--index PATH]

        Asks the watcher through its control socket (INDEX.control) for a pass as soon as it is free (after the
        pass under way, if any). Refused while the watcher is paused.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        _ = try IndexOption.openExisting(indexPath)
        if let code = try askWatcher(index: indexPath, request: "index-now") { return code }
        printError("no watcher runs on \(indexPath) (nothing listens on \(WatchControl.socketPath(for: indexPath))); "
                   + "start one with `pool-pipeline run PIPELINE --watch`")
        return .failure
    }
}
