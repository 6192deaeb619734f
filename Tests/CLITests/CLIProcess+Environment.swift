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

extension CLIProcess {
    /// Starts `pool-pipeline` with extra environment variables, reads its standard output until `whenOutput` holds
    /// for all read so far, then sends SIGINT and waits for it to end. A watchdog kills it after `seconds`, so a
    /// condition that never comes fails the test instead of hanging it.
    static func interrupt(_ arguments: [String], environment: [String: String], seconds: Double = 300,
                          whenOutput: (String) -> Bool) throws -> Result {
        let (process, out, err) = try start(arguments, environment: environment)
        let pid = process.processIdentifier
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if kill(pid, 0) != 0 { return }
                usleep(100_000)
            }
            kill(pid, SIGKILL)
        }
        var text = ""
        var signalled = false
        while true {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if !signalled, whenOutput(text) {
                kill(pid, SIGINT)
                signalled = true
            }
        }
        process.waitUntilExit()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        return Result(status: process.terminationStatus, stdout: text, stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
