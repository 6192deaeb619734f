import Foundation
import IndexClient
import PoolPipeline
import Store

/// `pool-pipeline rebuild-index`: empties what was derived so the next run reads every capture again.
struct RebuildIndexCommand: Command {
    static let name = "rebuild-index"
    static let abstract = "Empty everything derived from the captures so the next run reads them all again"
    static let help = """
        Usage: pool-pipeline rebuild-index [--index PATH]

        Keeps the index file, its settings, and the grants and options beside it; the next `run` indexes every
        capture anew.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw UsageError("no index at \(indexPath); run `pool-pipeline run <pipeline.json>` first")
        }
        try PoolIndex(path: indexPath).rebuild()   // the captures under way, in the journal, go with the contents
        print("emptied \(indexPath); the next run indexes every capture again")
        return .success
    }
}

/// `pool-pipeline delete-index`: deletes the index file and everything derived from the captures.
struct DeleteIndexCommand: Command {
    static let name = "delete-index"
    static let abstract = "Delete the index and everything derived from the captures"
    static let help = """
        Usage: pool-pipeline delete-index [--index PATH]

        Deletes the index file (with its -wal, -shm, .underway, .paused and .lock files), only if it is a Pool
        pipeline index and no run is indexing into it. Models, grants and options (index.settings.json) are kept.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            print("no index at \(indexPath)")
            return .success
        }
        try PoolIndex.delete(at: indexPath)
        print("deleted \(indexPath)")
        return .success
    }
}
