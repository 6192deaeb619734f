/// One step of a pipeline: turns one capture's `Input` into its `Output`.
///
/// A stage sees one capture at a time and may be called from several workers at once (the graph sets its
/// concurrency), so it must be `Sendable`; `context.worker` tells which worker calls, for stages that keep one
/// non-thread-safe handle per worker. Throwing fails that capture, not the run: the error's description becomes the
/// capture's failure reason.
public protocol Stage<Input, Output>: Sendable {
    /// What the stage reads; the graph checks when it loads that every incoming edge carries this type.
    associatedtype Input: Sendable
    /// What the stage hands to the stages after it.
    associatedtype Output: Sendable

    /// Processes one capture.
    func process(_ input: Input, context: StageContext) async throws -> Output

    /// Called once after the stage's last input of a run (also when a run is stopped): flush what is buffered.
    func finish() async throws
}

extension Stage {
    public func finish() async throws {}
}
