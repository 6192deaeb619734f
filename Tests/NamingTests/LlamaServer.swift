import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// llama.cpp's real `llama-server`, started by a test on a free port of 127.0.0.1 with the tiny random model
/// `scripts/naming-tiny-model.py` writes, and stopped by it. Both files are made by `scripts/setup-llama-server`
/// (which `scripts/test` runs) in `${XDG_CACHE_HOME:-~/.cache}/pool-pipeline/llama-server/`; `POOL_LLAMA_SERVER` and
/// `POOL_LLAMA_MODEL` may name others. A missing file is an error naming that script: the suite fails, it is never
/// skipped.
final class LlamaServer: Sendable {
    /// llama-cpp-python's version scripts/setup-llama-server builds llama.cpp from (keep the two equal).
    static let version = "0.3.36"
    static let modelSeed = 12

    static var cache: String {
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSHomeDirectory() + "/.cache"
        return base + "/pool-pipeline/llama-server"
    }

    static var binaryPath: String {
        ProcessInfo.processInfo.environment["POOL_LLAMA_SERVER"] ?? "\(cache)/\(version)/llama-server"
    }

    static var modelPath: String {
        ProcessInfo.processInfo.environment["POOL_LLAMA_MODEL"] ?? "\(cache)/tiny-llama-\(modelSeed).gguf"
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var path: String
        var description: String {
            "\(what) not found at \(path): run scripts/setup-llama-server (scripts/test runs it; it builds "
                + "llama-server and writes the tiny model)"
        }
    }

    struct StartFailed: Error, CustomStringConvertible {
        var log: String
        var description: String { "llama-server did not start listening; its log ends:\n" + String(log.suffix(2000)) }
    }

    /// What the server printed, filled by a reader thread.
    final class Log: Sendable {
        let text = Mutex("")
        let listened = Mutex(false)
    }

    private let process: Process
    private let log = Log()
    let port: Int

    /// Starts the server and returns once it listens with the model loaded (its log says `listening on`).
    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binaryPath) else {
            throw Missing(what: "llama-server", path: Self.binaryPath)
        }
        guard FileManager.default.fileExists(atPath: Self.modelPath) else {
            throw Missing(what: "the tiny naming model", path: Self.modelPath)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = ["--model", Self.modelPath, "--host", "127.0.0.1", "--port", "0", "--ctx-size", "8192",
                             "--parallel", "1", "--threads", "1", "--no-warmup", "--no-webui"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let listening = DispatchSemaphore(value: 0)
        let log = log
        let signal: @Sendable () -> Void = {
            if log.listened.withLock({ let was = $0; $0 = true; return !was }) { listening.signal() }
        }
        let reader = pipe.fileHandleForReading
        try process.run()
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                let text = log.text.withLock { text -> String in
                    text += String(decoding: data, as: UTF8.self)
                    return text
                }
                if !log.listened.withLock({ $0 }), text.contains("listening on http://") { signal() }
            }
            signal()
        }
        // A gate on the server's own word, not a sleep; bounded so a broken binary fails the test.
        _ = listening.wait(timeout: .now() + 120)
        let text = log.text.withLock { $0 }
        guard let range = text.range(of: "listening on http://127.0.0.1:"),
              let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw StartFailed(log: text)
        }
        self.process = process
        self.port = port
    }

    /// The OpenAI-compatible chat URL.
    var chatURL: String { "http://127.0.0.1:\(port)/v1/chat/completions" }

    /// What the server logged so far.
    var logText: String { log.text.withLock { $0 } }

    /// Chat requests the server took up (its log says `processing task, is_child` once each, at every verbosity).
    var tasksProcessed: Int { logText.components(separatedBy: "processing task, is_child").count - 1 }

    /// Freezes the server (SIGSTOP): connections are accepted by the kernel and then nothing is answered.
    func freeze() { kill(process.processIdentifier, SIGSTOP) }

    /// Thaws a frozen server.
    func thaw() { kill(process.processIdentifier, SIGCONT) }

    /// Kills the server at once (SIGKILL), as a crash would, and waits until it is gone.
    func crash() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGCONT)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
