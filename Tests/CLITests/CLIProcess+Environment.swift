import Foundation

extension CLIProcess {
    /// Starts `pool-pipeline` with `arguments` and extra environment variables, output on pipes, not waiting.
    static func start(_ arguments: [String], environment: [String: String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs `pool-pipeline` with `arguments` and extra environment variables to the end.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        let (process, out, err) = try start(arguments, environment: environment)
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
