import Foundation
import Store

/// `pool-pipeline export`: the index as JSON lines, one capture a line.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write the index as JSON lines, one capture a line"
    static let help = """
        Usage: pool-pipeline export [--index PATH]

        Every capture in the index as one JSON object a line, sorted by path, with every derived field under a
        stable name (path, date, location, text, codes, labels, fingerprint, outOfFocus, moment, sensitive, links,
        leads, things, ...); null or empty where a stage has not run.

        Options:
        \(IndexOption.help)
        """

    let indexPath: String

    init(_ words: [String]) throws {
        indexPath = try IndexOption.only(words)
    }

    func run() async throws -> ExitCode {
        let store = try IndexOption.openExisting(indexPath)
        var output = FileHandleOutput()
        try store.exportJSONLines { line in output.write(line + "\n") }
        output.flush()
        return .success
    }
}

/// Buffers standard output writes into large chunks.
struct FileHandleOutput {
    private var buffer: [UInt8] = []

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
