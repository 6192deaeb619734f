import Foundation
import PoolPipeline
import Store

/// `pool-pipeline explain`: why the privacy gate held a capture back (its category, rule and reason, never the
/// secret), or that it did not.
struct ExplainCommand: Command {
    static let name = "explain"
    static let abstract = "Say whether the privacy gate held a capture back, by which rule and why"
    static let help = """
        Usage: pool-pipeline explain <id-or-path> [--index PATH]

        Names the category a capture was held back for (payment card, identity document, credential, health
        record), the rule that held it and why, without the secret itself; or says the gate let it through.
        A held capture keeps no path in the index: name it by its id, as export shows it.

        Options:
        \(IndexOption.help)
        """

    let reference: String
    let indexPath: String

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index"])
        reference = try arguments.positionals("the id or path of a capture")[0]
        indexPath = IndexOption.path(arguments)
    }

    func run() async throws -> ExitCode {
        let store = try IndexOption.openExisting(indexPath)
        let reference = reference
        let ids = try store.read { db in
            try db.query("SELECT id FROM captures WHERE id = ? OR (path = ? AND path != '') ORDER BY id",
                         [.text(reference), .text(reference)]) { $0.string(0) ?? "" }
        }
        guard let id = ids.first else { throw UsageError("no indexed capture has the id or path \"\(reference)\"") }
        guard ids.count == 1 else {
            throw UsageError("\"\(reference)\" names \(ids.count) captures (in several sources); name one by its id")
        }
        if let held = try HeldCaptureExplanation.explanation(of: id, in: store) {
            print("\(id.escapingControlCharacters): \(held)")
        } else {
            print("\(id.escapingControlCharacters): not held back by the privacy gate")
        }
        return .success
    }
}
