import ThingNaming

/// The naming stage's part of a capture: the things named (grounded; `unknown` for a name the capture's text does
/// not bear out), or, when no endpoint named it, why — so a later pass knows it is still waiting for a name.
public struct CaptureThings: Sendable, Equatable {
    public var things: [NamedThing]
    /// Why the capture has no name yet (no endpoint, no consent, budget spent, a timeout...); nil once named.
    public var pending: String?

    public init(things: [NamedThing], pending: String? = nil) {
        self.things = things
        self.pending = pending
    }
}
