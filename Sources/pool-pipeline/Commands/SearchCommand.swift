import Foundation
import Store

/// `pool-pipeline search`: captures whose text, labels or path match words.
struct SearchCommand: Command {
    static let name = "search"
    static let abstract = "Find captures by the text they show, their labels or their path"
    static let help = """
        Usage: pool-pipeline search <words> [--index PATH] [--limit N]

        Full-text search over what was read from each capture, its labels and its path, best match first: one
        path a line, as export shows it, with control characters escaped (a newline in a name reads \\n).

        Options:
        \(IndexOption.help)  --limit N      at most N results (default 20)

        """

    let query: String
    let indexPath: String
    let limit: Int

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "limit"])
        guard !arguments.positionals.isEmpty else { throw UsageError("missing the words to search for") }
        query = arguments.positionals.joined(separator: " ")
        indexPath = IndexOption.path(arguments)
        limit = try arguments.int("limit", default: 20, in: 1...10_000)
    }

    func run() async throws -> ExitCode {
        let hits = try IndexOption.openExisting(indexPath).search(query, limit: limit)
        for hit in hits { print(hit.path.escapingControlCharacters) }
        if hits.isEmpty { printError("no capture matches \"\(query)\"") }
        return .success
    }
}
