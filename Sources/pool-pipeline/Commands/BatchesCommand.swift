import Foundation
import IndexClient
import Store

/// `pool-pipeline batches --grant ID`: newly indexed captures for a grant, as JSON lines.
struct BatchesCommand: Command {
    static let name = "batches"
    static let abstract = "Stream newly indexed captures for a grant as JSON lines, in batches of about a hundred"
    static let help = """
        Usage: pool-pipeline batches --grant ID [--after BATCH-ID] [--follow] [--size N] [--index PATH]

        One JSON object a line: {"id":"bat_...","items":[{"id","mediaType","date","labels"}]}, labels only when
        the grant has evidence. Only the grant's sources; held and out-of-focus captures are left out and a
        moment appears once. --after resumes after the last batch id seen: exactly what came after, nothing
        twice. Without --follow, ends once caught up; with it, waits for new captures while indexing runs and
        ends when the grant is revoked.

        Options:
        \(IndexOption.help)  --grant ID      the grant (grt_...)
          --after ID      resume after this batch id
          --follow        keep streaming until the grant is revoked
          --size N        items a batch at most (default 100)

        """

    let indexPath: String
    let grant: String
    let after: String?
    let follow: Bool
    let size: Int

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "grant", "after", "size"], flags: ["follow"])
        _ = try arguments.positionals()
        indexPath = IndexOption.path(arguments)
        guard let grant = arguments.value("grant") else { throw UsageError("missing --grant ID") }
        self.grant = grant
        after = arguments.value("after")
        if let after, CaptureBatch.position(of: after) == nil {
            throw UsageError("--after takes a batch id (bat_...), not \"\(after)\"")
        }
        follow = arguments.has("follow")
        size = try arguments.int("size", default: 100, in: 1...10_000)
    }

    func run() async throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw UsageError("no index at \(indexPath); run `pool-pipeline run <pipeline.json>` first")
        }
        let index = try PoolIndex(path: indexPath)
        guard try index.grants().contains(where: { $0.id == grant }) else {
            throw UsageError("no grant has the id \"\(grant)\" (see `pool-pipeline grants list`)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        for try await batch in try index.batches(grant: grant, after: after, follow: follow, size: size) {
            print(String(decoding: try encoder.encode(batch), as: UTF8.self))
            fflush(nil)                    // each batch reaches a reader on a pipe at once
        }
        return .success
    }
}
