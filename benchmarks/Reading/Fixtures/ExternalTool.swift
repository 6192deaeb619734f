import Foundation

/// Runs the command-line tools that make test images (`vips` from libvips-tools, `zint`), in a scratch folder.
public enum ExternalTool {
    /// Why a tool could not make an image.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `tool` with `arguments` and throws with its error output when it fails or is missing.
    public static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        // Error output goes to a file, not a pipe: reading a pipe while other tests' tools exit can fail with
        // EINTR inside Foundation.
        let errorPath = scratchPath(".err")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer { try? errors.close() }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (status "
                + "\(process.terminationStatus)); is \(tool == "zint" ? "zint" : "libvips-tools") installed? "
                + String(decoding: message, as: UTF8.self))
        }
    }

    /// A fresh file path in a scratch folder, with `suffix` (".ppm").
    public static func scratchPath(_ suffix: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-reading-fixtures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(UUID().uuidString + suffix).path
    }
}
