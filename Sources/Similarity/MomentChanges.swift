import Runner

/// What one call to `MomentGrouper.add` or `remove` changed, for the store to write: every moment that is new
/// or whose members or representative changed, and the ids of moments that no longer exist.
public struct MomentChanges: Sendable, Equatable {
    /// New or changed moments, by id.
    public var updated: [Moment]
    /// Ids of moments that existed before the call and do not any more (merged into another, split, or their
    /// last capture deleted). Their captures, when still present, are in `updated` moments.
    public var dissolved: [CaptureID]

    public init(updated: [Moment] = [], dissolved: [CaptureID] = []) {
        self.updated = updated
        self.dissolved = dissolved
    }

    public var isEmpty: Bool { updated.isEmpty && dissolved.isEmpty }
}
