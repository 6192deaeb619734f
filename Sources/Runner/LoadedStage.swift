/// One stage built from its kind and options outside a pipeline, to drive by hand: what single-stage benchmarks
/// and tools use. Values go in and come out type-erased; `accepts` says whether a value fits the stage's input.
public struct LoadedStage: Sendable {
    public let id: String
    public let kind: String
    let stage: AnyStage
    /// The library settings settled for this stage alone, applied when it was built.
    public var runtime = RuntimeSettings.none

    /// The name of the type the stage reads.
    public var inputTypeName: String { typeName(stage.inputType) }
    /// The name of the type the stage hands on.
    public var outputTypeName: String { typeName(stage.outputType) }

    /// Whether `value` can be given to `process` directly.
    public func accepts(_ value: any Sendable) -> Bool { type(of: value) == stage.inputType }

    /// Whether the stage reads values of `type` (directly, or as a part of a joined input).
    public func reads(_ type: any Sendable.Type) -> Bool {
        type == stage.inputType || stage.joinParts?.contains { $0.type == type } == true
            || (stage.joinParts != nil && stage.extraParts.accepts(type))
    }

    /// Processes one value (a joined input may be given one of its parts, and is built from it).
    public func process(_ value: any Sendable, capture: CaptureID, worker: Int = 0) async throws -> any Sendable {
        let context = StageContext(stageID: id, capture: capture, worker: worker)
        if type(of: value) != stage.inputType, stage.joinParts != nil {
            var parts = JoinedParts()
            parts.add(value)
            return try await stage.process(parts, context)
        }
        return try await stage.process(value, context)
    }

    public func finish() async throws { try await stage.finish() }
}

extension PipelineLoader {
    /// Builds one stage of `kind` with `options`, checked as in a pipeline file.
    public func stage(kind: String, id: String? = nil, options: [String: JSONValue] = [:],
                      concurrency: Int = 1) throws(PipelineError) -> LoadedStage {
        let node = PipelineSpec.Node(id: id ?? kind, kind: kind, options: options, concurrency: concurrency, buffer: nil)
        let needs = RuntimeNeedLog()
        let built = try buildStage(node, file: "(command line)", needs: needs)
        var loaded = LoadedStage(id: node.id, kind: kind, stage: built)
        loaded.runtime = try settle(needs, file: "(command line)")
        return loaded
    }
}
