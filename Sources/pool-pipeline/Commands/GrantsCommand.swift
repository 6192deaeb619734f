import Foundation
import IndexClient
import Store

/// `pool-pipeline grants add | list | revoke`: apps' access to the index, kept beside it.
struct GrantsCommand: Command {
    static let name = "grants"
    static let abstract = "Add, list or revoke the grants that give apps access to the index"
    static let help = """
        Usage: pool-pipeline grants add <app> --source NAME[,NAME..] [--evidence] [--index PATH]
               pool-pipeline grants list [--json] [--index PATH]
               pool-pipeline grants revoke <grant-id> [--index PATH]

        A grant covers sources ('*' for all) and, with --evidence, lets its batches carry labels. Grants live in
        a settings file beside the index (index.settings.json), so rebuild-index and delete-index keep them.
        Once a grant was ever added, indexing waits (phase waitingForGrant) while no grant covers a source.
        `add` prints the new grant's id (grt_...). A revoked grant's batch streams end.

        Options:
        \(IndexOption.help)  --source NAMES  the sources the grant covers, comma-separated, or '*'
          --evidence     batches carry labels
          --json         list as JSON lines

        """

    enum Action { case add(app: String, sources: [String], evidence: Bool), list(json: Bool), revoke(String) }
    let action: Action
    let indexPath: String

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "source"], flags: ["evidence", "json"])
        indexPath = IndexOption.path(arguments)
        switch arguments.positionals.first {
        case "add":
            guard arguments.positionals.count == 2 else { throw UsageError("grants add takes one app name") }
            let sources = (arguments.value("source") ?? "").split(separator: ",").map(String.init)
            guard !sources.isEmpty else { throw UsageError("grants add needs --source NAME (or '*' for all)") }
            action = .add(app: arguments.positionals[1], sources: sources, evidence: arguments.has("evidence"))
        case "list":
            guard arguments.positionals.count == 1 else { throw UsageError("grants list takes no argument") }
            action = .list(json: arguments.has("json"))
        case "revoke":
            guard arguments.positionals.count == 2 else { throw UsageError("grants revoke takes one grant id") }
            action = .revoke(arguments.positionals[1])
        case let other?:
            throw UsageError("unknown action \"\(other)\" (add, list or revoke)")
        case nil:
            throw UsageError("missing the action (add, list or revoke)")
        }
    }

    func run() async throws -> ExitCode {
        let index = try PoolIndex(path: indexPath)
        switch action {
        case .add(let app, let sources, let evidence):
            print(try index.addGrant(app: app, sources: sources, evidence: evidence).id)
        case .list(let json):
            for grant in try index.grants() {
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    encoder.dateEncodingStrategy = .iso8601
                    print(String(decoding: try encoder.encode(grant), as: UTF8.self))
                } else {
                    print("\(grant.id)  \(grant.app.escapingControlCharacters)  sources: "
                          + grant.sources.joined(separator: ",") + (grant.evidence ? "  evidence" : ""))
                }
            }
        case .revoke(let id):
            do {
                try index.revokeGrant(id)
            } catch let error as SettingsError {
                throw UsageError(error.description)
            }
            print("revoked \(id)")
        }
        return .success
    }
}
