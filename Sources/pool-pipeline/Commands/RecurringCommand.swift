import Foundation
import IndexClient
import Store

/// `pool-pipeline recurring`: the things (a product, a place, an event) seen in several captures, with them.
struct RecurringCommand: Command {
    static let name = "recurring"
    static let abstract = "List the things seen in several captures (the same product, place or event), with them"
    static let help = """
        Usage: pool-pipeline recurring [--min N] [--limit N] [--json] [--index PATH]

        Things named in captures (by the naming stage: products, places, events), matched by kind and name
        without regard to case, seen in at least --min captures, most seen first. Only captures search shows
        count: held, out-of-focus and hidden (options) ones do not, and a moment counts once, as its
        representative. Output: "kind: name (N captures)" and the capture ids under it, one a line;
        --json prints one JSON object: {"things":[{"kind","name","captures":[ids]}]}.

        Options:
        \(IndexOption.help)  --min N        seen in at least N captures (default 2)
          --limit N      at most N things (default 50)
          --json         one JSON object

        """

    let indexPath: String
    let minimum: Int
    let limit: Int
    let json: Bool

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "min", "limit"], flags: ["json"])
        _ = try arguments.positionals()
        indexPath = IndexOption.path(arguments)
        minimum = try arguments.int("min", default: 2, in: 1...1_000_000)
        limit = try arguments.int("limit", default: 50, in: 1...100_000)
        json = arguments.has("json")
    }

    /// The JSON answer.
    struct Answer: Encodable {
        var things: [RecurringThing]
    }

    func run() async throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw UsageError("no index at \(indexPath); run `pool-pipeline run <pipeline.json>` first")
        }
        let things = try PoolIndex(path: indexPath).recurringThings(minimumCaptures: minimum, limit: limit)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(Answer(things: things)), as: UTF8.self))
            return .success
        }
        for thing in things {
            print("\(thing.kind.escapingControlCharacters): \(thing.name.escapingControlCharacters) "
                  + "(\(thing.captures.count) captures)")
            for capture in thing.captures { print("    " + capture.escapingControlCharacters) }
        }
        if things.isEmpty { printError("nothing is seen in \(minimum) or more captures") }
        return .success
    }
}
