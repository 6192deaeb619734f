import Foundation

/// Runs the built `pool-pipeline` binary in a process of its own (the "second process" of the control tests), on
/// a thread outside Swift's cooperative pool so the watcher under test keeps running meanwhile.
enum SecondProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: String {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [folder, Bundle.main.bundleURL] {
            let url = candidate.appendingPathComponent("pool-pipeline")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/pool-pipeline"
    }

    /// Runs `pool-pipeline` with `arguments` (or `executable`, whose arguments then name the binary).
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    executable: String? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(arguments, environment: environment, executable: executable)
                })
            }
        }
    }

    private static func runBlocking(_ arguments: [String], environment: [String: String],
                                    executable: String?) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = executable == nil ? arguments : Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
