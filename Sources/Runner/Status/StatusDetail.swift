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
    /// Entries the sources found but skipped this run (not regular files: FIFOs, devices, broken links); the run's
    /// summary lists them with their reasons.
    public var skipped: Int
    /// True while indexing runs slower because the machine is hot, on battery or in a power-saver profile.
    public var throttled: Bool
    /// The path in question while waiting for permission.
    public var path: String?
    /// What the run waits for while waiting for a grant ("process 4242, indexing into /data/index.sqlite").
    public var waitingFor: String?
    /// What stages ask to tell the user about this run ("vectors pending: no CLIP weights installed at PATH").
    public var notes: [String]
    /// When this run started (seconds since 1970, kept to the microsecond), so the counts of a run that was
    /// killed can be taken from what the index holds since then.
    public var startedAt: Double?

    public init(text: String = "", total: Int? = nil, listed: Int = 0, indexed: Int = 0, failed: Int = 0,
                skipped: Int = 0, throttled: Bool = false, path: String? = nil, waitingFor: String? = nil,
                notes: [String] = [], startedAt: Double? = nil) {
        self.text = text
        self.total = total
        self.listed = listed
        self.indexed = indexed
        self.failed = failed
        self.skipped = skipped
        self.throttled = throttled
        self.path = path
        self.waitingFor = waitingFor
        self.notes = notes
        self.startedAt = startedAt
    }

    /// Captures finished this run, indexed or failed.
    public var processed: Int { indexed + failed }
}

extension StatusDetail {
    private enum CodingKeys: String, CodingKey {
        case text, total, listed, indexed, failed, skipped, throttled, path, waitingFor, notes, startedAt
    }

    /// Reads a saved detail; fields added in later versions (`notes`, `waitingFor`, `skipped`, `startedAt`) may
    /// be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(text: try container.decode(String.self, forKey: .text),
                  total: try container.decodeIfPresent(Int.self, forKey: .total),
                  listed: try container.decode(Int.self, forKey: .listed),
                  indexed: try container.decode(Int.self, forKey: .indexed),
                  failed: try container.decode(Int.self, forKey: .failed),
                  skipped: try container.decodeIfPresent(Int.self, forKey: .skipped) ?? 0,
                  throttled: try container.decode(Bool.self, forKey: .throttled),
                  path: try container.decodeIfPresent(String.self, forKey: .path),
                  waitingFor: try container.decodeIfPresent(String.self, forKey: .waitingFor),
                  notes: try container.decodeIfPresent([String].self, forKey: .notes) ?? [],
                  startedAt: try container.decodeIfPresent(Double.self, forKey: .startedAt))
    }
}
