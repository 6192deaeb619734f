import Foundation

/// The user's recorded consent to cloud assist: a small JSON file (`{"host": "api.example.com", "recordedAt":
/// "2026-12-01T15:00:00Z"}`) naming the one host captures' text may be sent to. Without it no cloud endpoint is
/// used, whatever the configuration says.
public struct CloudConsent: Sendable, Equatable {
    public var host: String
    public var recordedAt: String

    public init(host: String, recordedAt: String) {
        self.host = host.lowercased()
        self.recordedAt = recordedAt
    }

    /// Whether this consent covers `endpoint` (same host).
    public func covers(_ endpoint: NamingEndpoint) -> Bool { endpoint.host == host }

    /// The consent recorded at `path`, or nil when there is none (no file, or not a consent).
    public static func read(from path: String) -> CloudConsent? {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let host = object["host"] as? String, !host.isEmpty,
              let recordedAt = object["recordedAt"] as? String else { return nil }
        return CloudConsent(host: host, recordedAt: recordedAt)
    }

    /// Records consent to send derived text to `endpoint`'s host, now, at `path`.
    public static func record(for endpoint: NamingEndpoint, at path: String, now: Date = Date()) throws {
        guard let host = endpoint.host else { throw CocoaError(.fileWriteInvalidFileName) }
        let object: [String: Any] = ["host": host, "recordedAt": ISO8601DateFormatter().string(from: now)]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
