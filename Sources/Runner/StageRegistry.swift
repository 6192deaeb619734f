/// The stage and source kinds a pipeline file may name, each registered under a name (`vips.decode`) with a
/// factory that builds it from its options.
///
/// Registering a name again replaces the kind, which is how a test swaps any stage for its own implementation
/// without touching the pipeline file.
public struct StageRegistry: Sendable {
    typealias StageFactory = @Sendable (StageSetup) throws -> AnyStage
    typealias SourceFactory = @Sendable (StageSetup) throws -> AnySource

    private(set) var stageFactories: [String: StageFactory] = [:]
    private(set) var sourceFactories: [String: SourceFactory] = [:]
    private(set) var runtimeAppliers: [RuntimeResource: @Sendable (Int) throws -> Void] = [:]
    private(set) var runtimeDescribers: [RuntimeResource: @Sendable () -> String] = [:]

    public init() {}

    /// Registers a stage kind. The factory reads its options from `setup.options` and throws a
    /// `PipelineError` (see `StageOptions.invalid`) for a value it cannot use.
    public mutating func register<S: Stage>(_ kind: String, make: @escaping @Sendable (StageSetup) throws -> S) {
        stageFactories[kind] = { setup in AnyStage(try make(setup)) }
    }

    /// Registers a source kind.
    public mutating func registerSource<S: CaptureSource>(
        _ kind: String, make: @escaping @Sendable (StageSetup) throws -> S
    ) {
        sourceFactories[kind] = { setup in AnySource(try make(setup)) }
    }

    /// Registers how to apply a settled `RuntimeResource` (a family that links the library registers it; doing
    /// so twice replaces the first). The loader calls it once per load with the value chosen for the graph.
    public mutating func registerRuntime(_ resource: RuntimeResource,
                                         apply: @escaping @Sendable (Int) throws -> Void) {
        runtimeAppliers[resource] = apply
    }

    /// Registers what a settled `RuntimeResource` amounts to in this process (the library kernel loaded, how a
    /// limit is kept), said beside the setting in a run's notes and in `bench` (`RuntimeSettings.descriptions`).
    public mutating func describeRuntime(_ resource: RuntimeResource, as describe: @escaping @Sendable () -> String) {
        runtimeDescribers[resource] = describe
    }

    /// The names of every registered stage kind.
    public var stageKinds: [String] { stageFactories.keys.sorted() }
    /// The names of every registered source kind.
    public var sourceKinds: [String] { sourceFactories.keys.sorted() }
}
