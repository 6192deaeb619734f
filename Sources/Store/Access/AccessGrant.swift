import Foundation

/// An app's access to the index: which sources it covers and whether it sees evidence (labels).
/// Made with `pool-pipeline grants add`, ended with `grants revoke`; kept beside the index (`IndexSettingsFile`).
public struct AccessGrant: Sendable, Equatable, Codable {
    /// `grt_` and 16 hex digits.
    public var id: String
    /// Who the grant is for, as given.
    public var app: String
    /// The sources it covers; `["*"]` covers every source.
    public var sources: [String]
    /// Whether batches carry labels.
    public var evidence: Bool
    public var createdAt: Date

    public init(id: String = AccessGrant.newID(), app: String, sources: [String], evidence: Bool,
                createdAt: Date = Date()) {
        self.id = id
        self.app = app
        self.sources = sources
        self.evidence = evidence
        self.createdAt = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))  // as saved
    }

    /// Whether the grant covers every source.
    public var coversAll: Bool { sources.contains("*") }

    /// Whether the grant covers `source`.
    public func covers(_ source: String) -> Bool { coversAll || sources.contains(source) }

    /// A fresh random id.
    public static func newID() -> String {
        "grt_" + String(format: "%016llx", UInt64.random(in: 0...UInt64.max))
    }
}
