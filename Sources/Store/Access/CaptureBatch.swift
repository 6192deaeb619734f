import Foundation

/// A slice of newly indexed captures for a grant: an id (`bat_` and the feed position it ends at) to resume from,
/// and the items.
public struct CaptureBatch: Sendable, Equatable, Codable {
    public var id: String
    public var items: [Item]

    /// One capture: a moment's representative (or a capture alone) the grant covers.
    public struct Item: Sendable, Equatable, Codable {
        public var id: String
        /// `screenshot` or `photo`.
        public var mediaType: String
        public var date: Date
        /// The labels, only when the grant has evidence (nil otherwise).
        public var labels: [String]?
    }

    /// The batch id for a feed position.
    public static func id(after position: Int64) -> String { "bat_" + String(position, radix: 36) }

    /// The feed position a batch id ends at, or nil when it is not a batch id.
    public static func position(of id: String) -> Int64? {
        guard id.hasPrefix("bat_"), let position = Int64(id.dropFirst(4), radix: 36), position >= 0 else { return nil }
        return position
    }
}
