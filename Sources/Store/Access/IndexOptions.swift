import Foundation

/// What the index covers and shows, set when it is made and changeable at any time (`pool-pipeline options set`).
/// Kept beside the index (`IndexSettingsFile`), so deleting the index keeps them.
public struct IndexOptions: Sendable, Equatable, Codable {
    /// Whether coordinates, cities and visits are kept. Turning it off deletes them all at once.
    public var places: Bool = true
    /// What is shown: the rest is hidden, and shown again when the focus includes it again.
    public var focus: Focus = .everything
    /// Only captures taken within this many days before now (moving as time passes); nil for all.
    public var windowDays: Int?
    /// Only the newest this many captures (of those the focus and window keep); nil for all.
    public var maximumAssets: Int?

    public init(places: Bool = true, focus: Focus = .everything, windowDays: Int? = nil, maximumAssets: Int? = nil) {
        self.places = places
        self.focus = focus
        self.windowDays = windowDays
        self.maximumAssets = maximumAssets
    }

    /// Which captures the index shows.
    public enum Focus: Sendable, Equatable, Codable, CustomStringConvertible {
        case everything
        case screenshots
        case photos
        /// Only the captures of these sources.
        case sources([String])

        /// Parses `everything`, `screenshots`, `photos` or `sources:a,b`.
        public init?(parsing text: String) {
            switch text {
            case "everything": self = .everything
            case "screenshots": self = .screenshots
            case "photos": self = .photos
            default:
                guard text.hasPrefix("sources:") else { return nil }
                let names = text.dropFirst("sources:".count).split(separator: ",").map(String.init)
                guard !names.isEmpty, !names.contains(where: \.isEmpty) else { return nil }
                self = .sources(names)
            }
        }

        public var description: String {
            switch self {
            case .everything: "everything"
            case .screenshots: "screenshots"
            case .photos: "photos"
            case .sources(let names): "sources:" + names.joined(separator: ",")
            }
        }

        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let focus = Focus(parsing: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                    debugDescription: "focus is everything, screenshots, photos or sources:a,b, not \"\(text)\""))
            }
            self = focus
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// The SQL condition on `captures AS <alias>` for what these options show at `now`: the focus, the window and
    /// the newest `maximumAssets` of those.
    func visibility(now: Date, alias c: String = "c") -> (sql: String, arguments: [DatabaseValue]) {
        var (parts, arguments) = focusAndWindow(now: now, alias: c)
        if let maximumAssets {
            let (inner, innerArguments) = focusAndWindow(now: now, alias: "v")
            parts.append("""
                \(c).date >= coalesce((SELECT v.date FROM captures AS v WHERE \(inner.isEmpty ? "1" : inner.joined(separator: " AND "))
                                        ORDER BY v.date DESC LIMIT 1 OFFSET ?), -1e300)
                """)
            arguments += innerArguments
            arguments.append(.integer(Int64(max(0, maximumAssets - 1))))
            if maximumAssets <= 0 { parts.append("0") }
        }
        return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), arguments)
    }

    private func focusAndWindow(now: Date, alias c: String) -> ([String], [DatabaseValue]) {
        var parts: [String] = []
        var arguments: [DatabaseValue] = []
        switch focus {
        case .everything: break
        case .screenshots: parts.append("\(c).kind = 'screenshot'")
        case .photos: parts.append("\(c).kind = 'photo'")
        case .sources(let names):
            parts.append("\(c).source IN (" + names.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += names.map(DatabaseValue.text)
        }
        if let windowDays {
            parts.append("\(c).date >= ?")
            arguments.append(.real(now.timeIntervalSince1970 - Double(windowDays) * 86_400))
        }
        return (parts, arguments)
    }
}
