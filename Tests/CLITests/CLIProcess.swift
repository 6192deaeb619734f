import Foundation

/// Runs the built `pool-pipeline` binary as a user would, capturing its output and exit code.
struct CLIProcess {
    /// The binary next to the test bundle (SwiftPM builds it because this test target depends on it).
    static var binary: URL {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [folder, Bundle.main.bundleURL] {
            let url = candidate.appendingPathComponent("pool-pipeline")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/pool-pipeline")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Runs `pool-pipeline status` until its output satisfies `done` (for at most `seconds`), and returns the
    /// last result: a process another one ended may take a moment to go.
    static func waitForStatus(index: String, seconds: Double = 10, until done: (String) -> Bool) throws -> Result {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let result = try run(["status", "--index", index])
            if done(result.stdout) || Date() > deadline { return result }
            usleep(50_000)
        }
    }

    /// Runs `pool-pipeline` with `arguments` to the end.
    static func run(_ arguments: [String]) throws -> Result {
        let (process, out, err) = try launch(arguments)
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Starts `pool-pipeline run ... --json`, reads progress events until `until` holds for one, then sends
    /// `signal` and waits for the process to end.
    static func interrupt(_ arguments: [String], signal: Int32,
                          until: (_ processed: Int) -> Bool) throws -> Result {
        try interrupt(arguments, signal: signal, whenOutput: { text in lastProcessed(in: text).map(until) ?? false })
    }

    /// Starts `pool-pipeline` with `arguments`, reads its standard output until `whenOutput` holds for all read so
    /// far, then sends `signal` and waits for the process to end.
    static func interrupt(_ arguments: [String], signal: Int32, whenOutput: (String) -> Bool) throws -> Result {
        try interrupt(arguments, signals: [signal], whenOutput: whenOutput)
    }

    /// Like `interrupt(_:signal:until:)`, sending each of `signals` in turn, 20 ms apart.
    static func interrupt(_ arguments: [String], signals: [Int32],
                          until: (_ processed: Int) -> Bool) throws -> Result {
        try interrupt(arguments, signals: signals, whenOutput: { text in lastProcessed(in: text).map(until) ?? false })
    }

    /// Like `interrupt(_:signal:whenOutput:)`, sending each of `signals` in turn, 20 ms apart (a double Ctrl-C).
    static func interrupt(_ arguments: [String], signals: [Int32], whenOutput: (String) -> Bool) throws -> Result {
        let (process, out, err) = try launch(arguments)
        var text = ""
        var signalled = false
        let reader = out.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if !signalled, whenOutput(text) {
                for (index, signal) in signals.enumerated() {
                    if index > 0 { usleep(20_000) }
                    kill(process.processIdentifier, signal)
                }
                signalled = true
            }
        }
        process.waitUntilExit()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        return Result(status: process.terminationStatus, stdout: text, stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Starts the binary with its standard output and error on pipes.
    private static func launch(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    private static func lastProcessed(in text: String) -> Int? {
        for line in text.split(separator: "\n").reversed() {
            guard let data = line.data(using: .utf8),
                  let event = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let processed = event["processed"] as? Int else { continue }
            return processed
        }
        return nil
    }
}

/// A temporary folder with a copy of captures and a pipeline file indexing it, removed by `remove()`.
struct Workspace {
    let root: URL
    var library: URL { root.appendingPathComponent("library") }
    var pipeline: String { root.appendingPathComponent("pipeline.json").path }
    var index: String { root.appendingPathComponent("index/index.sqlite").path }

    /// The package's samples folder.
    static var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples")
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pool-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "concurrency": 2},
                        {"id": "persist", "kind": "sqlite.persist", "options": {"slice": 10}}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": "persist"}]}
            """)
    }

    func writePipeline(_ json: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: pipeline))
    }

    /// Copies the bundled samples into the library.
    func copySamples() throws {
        try FileManager.default.copyItem(at: Self.samples, to: library)
    }

    /// Fills the library with `count` copies of one sample screenshot.
    func copies(_ count: Int) throws {
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let original = Self.samples.appendingPathComponent("Screenshots/Screenshot_20240211-183012.png")
        for index in 0..<count {
            try FileManager.default.copyItem(at: original, to: library.appendingPathComponent("shot-\(index).png"))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
