import Foundation
import IndexClient
import Store

/// `pool-pipeline naming consent add | list | revoke`: the consent to cloud assist for naming and its budget, kept
/// beside the index.
struct NamingCommand: Command {
    static let name = "naming"
    static let abstract = "List the captures waiting for a name; record, list or revoke the consent to cloud assist"
    static let help = """
        Usage: \(NamingPendingCommand.usage)
               pool-pipeline naming consent add <host> --budget N [--index PATH]
               pool-pipeline naming consent list [--json] [--index PATH]
               pool-pipeline naming consent revoke <host> [--index PATH]

        `pending` lists the captures waiting for a name (no endpoint could answer when they were indexed), with
        why they wait; the naming pass after each run asks for them again.

        naming.chat asks a local endpoint first. A cloudEndpoint (any other host) is used only when the pipeline
        sets namesWithCloudAssist, a consent is recorded here for its host, and budget is left: one unit per
        capture named, spent across runs. Only derived text is sent, never pixels, never anything of a held
        capture. Consents live in a settings file beside the index (index.settings.json), so rebuild-index and
        delete-index keep them. `add` for a host already consented to replaces its budget (N units from now);
        `revoke` ends it at once (a run under way stops at its next capture). <host> may be given as the
        endpoint's URL.

        Options:
        \(IndexOption.help)  --budget N     captures cloud assist may name for this host (0 to 1000000)
          --json         list as JSON lines (pending: id, source, path, indexedAt, reason)

        """

    enum Action { case add(host: String, budget: Int), list(json: Bool), revoke(String), pending(NamingPendingCommand) }
    let action: Action
    let indexPath: String

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "budget"], flags: ["json"])
        indexPath = IndexOption.path(arguments)
        let words = arguments.positionals
        if words.first == "pending" { action = .pending(try NamingPendingCommand(arguments)); return }
        guard words.first == "consent" else {
            throw UsageError(words.first.map { "unknown subject \"\($0)\" (pending or consent)" }
                                 ?? "missing the subject (pending or consent)")
        }
        switch words.dropFirst().first {
        case "add":
            guard words.count == 3 else { throw UsageError("naming consent add takes one host") }
            guard arguments.value("budget") != nil else { throw UsageError("naming consent add needs --budget N") }
            action = .add(host: try Self.host(words[2]), budget: try arguments.int("budget", default: 0, in: 0...1_000_000))
        case "list":
            guard words.count == 2 else { throw UsageError("naming consent list takes no argument") }
            action = .list(json: arguments.has("json"))
        case "revoke":
            guard words.count == 3 else { throw UsageError("naming consent revoke takes one host") }
            action = .revoke(try Self.host(words[2]))
        case let other?:
            throw UsageError("unknown action \"\(other)\" (add, list or revoke)")
        case nil:
            throw UsageError("missing the action (add, list or revoke)")
        }
    }

    /// The host of `text`: a host name or address, or the host of an endpoint's URL.
    static func host(_ text: String) throws(UsageError) -> String {
        let host = text.contains("://") ? URLComponents(string: text)?.host ?? "" : text
        let normalized = CloudAssistConsent.normalized(host)
        guard !normalized.isEmpty, !normalized.contains("/"), !normalized.contains(where: \.isWhitespace) else {
            throw UsageError("\"\(text)\" is not a host name or an endpoint URL")
        }
        return normalized
    }

    func run() async throws -> ExitCode {
        if case .pending(let listing) = action { return try listing.run() }
        let settings = try PoolIndex(path: indexPath).settings
        switch action {
        case .add(let host, let budget):
            let consent = try settings.recordCloudConsent(host: host, budget: budget)
            print("consent recorded for \(consent.host): budget \(consent.budget)")
        case .list(let json):
            for consent in try settings.cloudConsents() {
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    encoder.dateEncodingStrategy = .iso8601
                    print(String(decoding: try encoder.encode(consent), as: UTF8.self))
                } else {
                    print("\(consent.host)  budget \(consent.budget)  spent \(consent.spent)  left \(consent.left)  "
                          + "recorded \(consent.recordedAt.formatted(.iso8601))")
                }
            }
        case .revoke(let host):
            do {
                try settings.revokeCloudConsent(host: host)
            } catch let error as SettingsError {
                throw UsageError(error.description)
            }
            print("revoked the consent for \(host)")
        case .pending:
            break
        }
        return .success
    }
}
