import Foundation
import IndexClient
import Store

/// `pool-pipeline search`: ranked full-text search (hybrid with CLIP vectors when installed), with filters,
/// facets, paging and JSON.
struct SearchCommand: Command {
    static let name = "search"
    static let abstract = "Find captures by the text they show, their labels, links, leads or path"
    static let help = """
        Usage: pool-pipeline search [<words>] [--index PATH] [--limit N] [--offset N] [--json] [--long] [--facets]
                                    [--label L,..] [--source S,..] [--kind screenshot|photo] [--city C,..]
                                    [--from DATE] [--until DATE] [--has-code | --no-code] [--lead K,..]
                                    [--thing K,..] [--prefix]

        Full-text search over what was read from each capture, its labels, its path and the fields stage families
        declare (links, leads, things), best match first, the exact phrase before the rest; joined with CLIP
        vector similarity when the model is installed. Held, out-of-focus and hidden (options) captures never
        appear, and a moment appears once, as its representative. Any text is a plain search (quotes, *, -,
        NEAR( are words). Without words, lists every capture the filters keep, newest first.
        Output: one path a line, as export shows it, with control characters escaped (a newline in a name reads
        \\n); --long adds the date, kind, place and the matching text with the words marked «like this»;
        --json prints one JSON object with the total, the page and, with --facets, the counts per value.

        Options:
        \(IndexOption.help)  --limit N      at most N results (default 20)
          --offset N     skip the first N results (the next page)
          --json         one JSON object: words, total, offset, results, facets, hybrid
          --long         the date, kind, place and snippet under each path
          --facets       count the results per label, source, kind, city, month, has-code (and lead, thing)
          --label L,..   only captures with every label given
          --source S,..  only captures of these sources
          --kind K       screenshot or photo
          --city C,..    only captures taken in these cities
          --from DATE    taken on or after DATE (YYYY-MM-DD, UTC)
          --until DATE   taken before DATE
          --has-code     only captures with a QR code or barcode; --no-code only those without
          --lead K,..    only captures with a lead of these kinds; --thing K,.. of things of these kinds
          --prefix       the last word also matches longer words it starts

        """

    let request: SearchRequest
    let indexPath: String
    let json: Bool
    let long: Bool

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "limit", "offset", "label", "source", "kind", "city",
                                                       "from", "until", "lead", "thing"],
                                      flags: ["json", "long", "facets", "has-code", "no-code", "prefix"])
        indexPath = IndexOption.path(arguments)
        json = arguments.has("json")
        long = arguments.has("long")
        func list(_ name: String) -> [String] {
            (arguments.value(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        func date(_ name: String) throws -> Date? {
            guard let text = arguments.value(name) else { return nil }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            guard let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text) else {
                throw UsageError("--\(name) takes a date as YYYY-MM-DD, not \"\(text)\"")
            }
            return date
        }
        let kinds = list("kind")
        if let bad = kinds.first(where: { $0 != "screenshot" && $0 != "photo" }) {
            throw UsageError("--kind is screenshot or photo, not \"\(bad)\"")
        }
        if arguments.has("has-code") && arguments.has("no-code") {
            throw UsageError("--has-code and --no-code exclude each other")
        }
        var facets: [String: [String]] = [:]
        if !list("lead").isEmpty { facets["lead"] = list("lead") }
        if !list("thing").isEmpty { facets["thing"] = list("thing") }
        let filters = SearchFilters(labels: list("label"), sources: list("source"), kinds: kinds, cities: list("city"),
                                    from: try date("from"), until: try date("until"),
                                    hasCode: arguments.has("has-code") ? true : arguments.has("no-code") ? false : nil,
                                    facets: facets)
        let text = arguments.positionals.joined(separator: " ")
        if text.isEmpty && filters == SearchFilters() && !arguments.has("facets") {
            throw UsageError("missing the words to search for (or a filter such as --label)")
        }
        request = SearchRequest(text: text, filters: filters,
                                offset: try arguments.int("offset", default: 0, in: 0...10_000_000),
                                limit: try arguments.int("limit", default: 20, in: 1...10_000),
                                prefix: arguments.has("prefix"), facets: arguments.has("facets"))
    }

    func run() async throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            throw UsageError("no index at \(indexPath); run `pool-pipeline run <pipeline.json>` first")
        }
        let results = try PoolIndex(path: indexPath).search(request)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
            return .success
        }
        for result in results.results {
            print(result.path.escapingControlCharacters)
            guard long else { continue }
            var facts = [ISO8601DateFormatter().string(from: result.date), result.kind]
            if let place = result.place { facts.append(place) }
            if result.source != "" { facts.append("[\(result.source)]") }
            print("    " + facts.joined(separator: "  "))
            if let snippet = result.snippet {
                print("    " + (result.field.map { "\($0): " } ?? "") + snippet.escapingControlCharacters)
            }
        }
        if long || request.facets {
            for (facet, counts) in results.facets.sorted(by: { $0.key < $1.key }) {
                print("\(facet): " + counts.map { "\($0.value.escapingControlCharacters) (\($0.count))" }
                    .joined(separator: ", "))
            }
        }
        if results.results.isEmpty { printError("no capture matches \"\(request.text)\"") }
        else if results.total > results.offset + results.results.count, long {
            printError("\(results.total) results; --offset \(results.offset + results.results.count) for more")
        }
        return .success
    }
}
