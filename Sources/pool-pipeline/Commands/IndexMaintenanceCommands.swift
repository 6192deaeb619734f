import Foundation
import PoolPipeline
import Store

/// `pool-pipeline rebuild-index`: empties what was derived so the next run reads every capture again.
struct RebuildIndexCommand: Command {
    static let name = "rebuild-index"
    static let abstract = "Empty everything derived from the captures so the next run reads them all again"
    static let help = """
        Usage: pool-pipeline rebuild-index [--index PATH]

        Keeps the index file and its settings; the next `run` indexes every capture anew.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        let store = try IndexOption.openExisting(indexPath)
        let lock = try IndexOption.lock(indexPath)
        defer { lock.release() }
        try store.rebuild()
        unlink(CaptureJournal.path(forIndex: indexPath))    // the captures under way belonged to the old contents
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
        pipeline index and no run is indexing into it. Models are kept.

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
        try IndexStore.checkIsIndex(at: indexPath)      // before its lock file is made beside it
        let lock = try IndexOption.lock(indexPath)
        unlink(CaptureJournal.path(forIndex: indexPath))
        unlink(PauseFlag(indexPath: indexPath).path)       // a watcher's pause belongs to the index it paused
        try IndexStore.deleteIndex(holding: lock)
        print("deleted \(indexPath)")
        return .success
    }
}
