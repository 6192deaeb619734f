import Foundation
import Store

/// `pool-pipeline similar`: the near-duplicates of one indexed capture, nearest first, with their distance.
struct SimilarCommand: Command {
    static let name = "similar"
    static let abstract = "List the near-duplicates of a capture across the whole index"
    static let help = """
        Usage: pool-pipeline similar <id-or-path> [--index PATH] [--max-distance N] [--limit N]

        Captures whose visual fingerprint is within N bits of the given capture's, nearest first, one a line:
        the distance in bits (0 = the same fingerprint), then the path as export shows it (control characters
        escaped: a newline in a name reads \\n), followed by [source] when the capture is in another source.
        The capture is named by its id or path as export shows them, or by the path of an indexed file on disk;
        only indexed captures with a fingerprint can be asked about (a file that is not indexed is not
        fingerprinted here). 10 bits or less: the same picture.

        Options:
        \(IndexOption.help)  --max-distance N   at most N bits apart, 0 to 64 (default 10, the same picture)
          --limit N          at most N results (default 20)

        """

    let reference: String
    let indexPath: String
    let maxDistance: Int
    let limit: Int

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "max-distance", "limit"])
        reference = try arguments.positionals("the id or path of a capture")[0]
        indexPath = IndexOption.path(arguments)
        maxDistance = try arguments.int("max-distance", default: 10, in: 0...64)
        limit = try arguments.int("limit", default: 20, in: 1...10_000)
    }

    func run() async throws -> ExitCode {
        let store = try IndexOption.openExisting(indexPath)
        let result: SimilarResult
        do {
            result = try store.similarCaptures(to: reference, maxDistance: maxDistance, limit: limit)
        } catch let error as StoreError {
            switch error {
            case .unknownCapture, .ambiguousCapture, .noFingerprint: throw UsageError(error.description)
            default: throw error
            }
        }
        for match in result.matches {
            let source = match.source == result.query.source ? "" : "  [\(match.source)]"
            print(String(format: "%2d", match.distance) + "  " + (match.path + source).escapingControlCharacters)
        }
        if result.matches.isEmpty { printError("no capture within \(maxDistance) of \"\(reference)\"") }
        return .success
    }
}
