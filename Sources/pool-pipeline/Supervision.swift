import Foundation
import PoolPipeline

/// Decides whether this process supervises a `run` in a child process (see `RunSupervisor`): every `run` with
/// valid arguments is supervised, unless it already is a supervised child.
enum Supervision {
    /// The exit status when this process was the supervisor, nil when it should go on to run the command itself.
    static func superviseIfNeeded(_ words: [String]) -> Int32? {
        if RunSupervisor.isSupervised {
            RunSupervisor.attachToSupervisor()
            return nil
        }
        guard words.first == "run", !words.contains("--help"), !words.contains("-h"),
              let command = try? RunCommand(Array(words.dropFirst())) else { return nil }
        return RunSupervisor.supervise(indexPath: command.indexPath)
    }
}
