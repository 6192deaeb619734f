/// A stage with its types erased, as the runner drives it. Made by `StageRegistry` from a typed `Stage`.
struct AnyStage: Sendable {
    let inputType: any Sendable.Type
    let outputType: any Sendable.Type
    /// The parts a joined input accepts; nil when the input is a single upstream output.
    let joinParts: [JoinPart]?
    /// The parts an `OpenJoin` stage reads beyond `joinParts`.
    let extraParts: ExtraParts
    let process: @Sendable (any Sendable, StageContext) async throws -> any Sendable
    let finish: @Sendable () async throws -> Void
    /// What the stage asks the status to tell the user (see `StageNotes`).
    let notes: [String]
    /// Whether the stage is a `CommittingStage`: its captures are done when it reports them stored.
    let commits: Bool

    init<S: Stage>(_ stage: S) {
        inputType = S.Input.self
        outputType = S.Output.self
        let joined = S.Input.self as? any JoinedInput.Type
        joinParts = joined?.parts
        extraParts = joined == nil ? .none : (stage as? any OpenJoin)?.extraParts ?? .none
        process = { value, context in
            if let input = value as? S.Input {
                return try await stage.process(input, context: context)
            }
            if let joined, let parts = value as? JoinedParts, let input = try joined.init(parts: parts) as? S.Input {
                return try await stage.process(input, context: context)
            }
            throw RunnerError.wrongInputType(stage: context.stageID, expected: String(describing: S.Input.self),
                                             found: String(describing: type(of: value)))
        }
        finish = { try await stage.finish() }
        notes = (stage as? any StageNotes)?.notes ?? []
        commits = stage is any CommittingStage
    }
}

/// A source with its output type erased.
struct AnySource: Sendable {
    let outputType: any Sendable.Type
    let captures: @Sendable (SourceContext, (SourceCapture<any Sendable>) async throws -> Void) async throws -> Void

    init<S: CaptureSource>(_ source: S) {
        outputType = S.Output.self
        captures = { context, emit in
            try await source.captures(context: context) { found in
                try await emit(SourceCapture(id: found.id, signature: found.signature, value: found.value))
            }
        }
    }
}
