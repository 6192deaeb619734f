import Foundation

/// Where the engine models stand, as `status --json` shows it under `models`: not installed, downloading (bytes,
/// total, percent), verifying (which file), installed (model, version, folder), or failed (why).
public struct ModelsStatus: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        case notInstalled, downloading, verifying, installed, failed
    }

    public var state: State
    public var model: String?
    public var version: String?
    /// Bytes on disk of the whole model while downloading.
    public var bytes: Int64?
    public var total: Int64?
    public var percent: Double?
    /// The file being verified.
    public var file: String?
    /// Why it failed.
    public var reason: String?
    /// The installed folder.
    public var path: String?

    public init(state: State, model: String? = nil, version: String? = nil, bytes: Int64? = nil, total: Int64? = nil,
                file: String? = nil, reason: String? = nil, path: String? = nil) {
        self.state = state
        self.model = model
        self.version = version
        self.bytes = bytes
        self.total = total
        if let bytes, let total, total > 0 { percent = (Double(bytes) * 1000 / Double(total)).rounded() / 10 }
        self.file = file
        self.reason = reason
        self.path = path
    }

    public static let notInstalled = ModelsStatus(state: .notInstalled)

    /// One line for `pool-pipeline status` and `models status`.
    public var summary: String {
        let name = [model, version].compactMap { $0 }.joined(separator: " ")
        switch state {
        case .notInstalled: return "not installed"
        case .downloading:
            return "downloading \(name): \(bytes ?? 0) of \(total.map(String.init) ?? "?") bytes"
                + (percent.map { " (\($0)%)" } ?? "")
        case .verifying: return "verifying \(name)" + (file.map { ": \($0)" } ?? "")
        case .installed: return "installed \(name)" + (path.map { " at \($0)" } ?? "")
        case .failed: return "failed" + (name.isEmpty ? "" : " (\(name))") + ": " + (reason ?? "unknown reason")
        }
    }
}
