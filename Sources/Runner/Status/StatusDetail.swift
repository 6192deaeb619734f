/// Where a run is: a sentence to show ("Reading 340 of 1,200 captures") and the counts behind it.
public struct StatusDetail: Sendable, Equatable, Codable {
    /// Words a UI can show as they are.
    public var text: String
    /// Captures the sources listed for this run (new or changed ones); nil while still listing.
    public var total: Int?
    /// Captures listed so far.
    public var listed: Int
    /// Captures stored in the index this run.
    public var indexed: Int
    /// Captures that failed this run.
    public var failed: Int
    /// True while indexing runs slower because the machine is hot, on battery or in a power-saver profile.
    public var throttled: Bool
    /// The path in question while waiting for permission.
    public var path: String?

    public init(text: String = "", total: Int? = nil, listed: Int = 0, indexed: Int = 0, failed: Int = 0,
                throttled: Bool = false, path: String? = nil) {
        self.text = text
        self.total = total
        self.listed = listed
        self.indexed = indexed
        self.failed = failed
        self.throttled = throttled
        self.path = path
    }

    /// Captures finished this run, indexed or failed.
    public var processed: Int { indexed + failed }
}
