import Runner

/// Shots of one moment: captures of one source taken close together that show the same picture, shown once
/// through their representative.
public struct Moment: Sendable, Equatable {
    /// The moment's identity: its earliest member (by date, then id). It stays the same while that shot stays
    /// in the moment, so later shots joining do not rename it.
    public var id: CaptureID
    /// Every member, earliest first (a single capture is a moment of one).
    public var members: [CaptureID]
    /// The sharpest member (ties: the earliest).
    public var representative: CaptureID

    public init(id: CaptureID, members: [CaptureID], representative: CaptureID) {
        self.id = id
        self.members = members
        self.representative = representative
    }

    /// Whether the moment groups more than one capture.
    public var isGroup: Bool { members.count > 1 }
}
