/// Who holds a gate that many may pass together ("shared") or one alone ("exclusive"), and who may enter next.
/// A holder waiting for exclusive passage goes before any newcomer for shared passage, so a stream of shared
/// holders never keeps it out. Pure: the caller keeps it under its own lock and waits when entry is refused.
struct SharedExclusiveState: Equatable {
    /// How many hold the gate shared.
    private(set) var sharedHolders = 0
    /// Whether one holds it alone.
    private(set) var exclusiveHeld = false
    /// How many wait to hold it alone.
    private(set) var exclusiveWaiting = 0

    /// Whether a newcomer may hold the gate shared now.
    var mayEnterShared: Bool { !exclusiveHeld && exclusiveWaiting == 0 }

    /// Whether the first in line may hold the gate alone now.
    var mayEnterExclusive: Bool { !exclusiveHeld && sharedHolders == 0 }

    mutating func enterShared() {
        precondition(mayEnterShared, "shared entry while the gate is held or wanted alone")
        sharedHolders += 1
    }

    mutating func leaveShared() {
        precondition(sharedHolders > 0, "shared leave without a shared holder")
        sharedHolders -= 1
    }

    /// Joins the line for exclusive passage.
    mutating func queueExclusive() {
        exclusiveWaiting += 1
    }

    mutating func enterExclusive() {
        precondition(mayEnterExclusive && exclusiveWaiting > 0, "exclusive entry while the gate is held")
        exclusiveWaiting -= 1
        exclusiveHeld = true
    }

    mutating func leaveExclusive() {
        precondition(exclusiveHeld, "exclusive leave without the exclusive holder")
        exclusiveHeld = false
    }
}
