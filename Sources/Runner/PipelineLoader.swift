import Foundation

/// Loads a pipeline file into a `PipelineGraph`, checking everything before any work starts: the file's shape,
/// every kind and option, dangling references, edges between incompatible types, cycles, and stages no source
/// reaches. Each failure is a `PipelineError` naming the file, stage and field.
public struct PipelineLoader: Sendable {
    public var registry: StageRegistry
    public var environment: StageEnvironment

    public init(registry: StageRegistry, environment: StageEnvironment) {
        self.registry = registry
        self.environment = environment
    }

    /// Reads and loads the file at `path`; relative paths in it resolve against its folder unless the environment
    /// already names a base directory.
    public func load(file path: String) throws(PipelineError) -> PipelineGraph {
        let data = try Self.contents(of: path)
        let spec = try PipelineSpec.parse(data, file: path)
        var loader = self
        if loader.environment.baseDirectory.isEmpty {
            loader.environment.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        }
        return try loader.load(spec, file: path)
    }

    /// Loads an already parsed pipeline.
    public func load(_ spec: PipelineSpec, file: String) throws(PipelineError) -> PipelineGraph {
        var validator = GraphValidator(file: file, spec: spec)
        try validator.checkIDs()
        let needs = RuntimeNeedLog()
        let sources = try spec.sources.map { node throws(PipelineError) in
            try buildSource(node, file: file, needs: needs)
        }
        let stages = try spec.stages.map { node throws(PipelineError) in try buildStage(node, file: file, needs: needs) }
        var graph = try validator.graph(sources: sources, stages: stages)
        graph.runtime = try settle(needs, file: file)
        return graph
    }

    /// Chooses the library settings for everything `needs` recorded and applies each once.
    func settle(_ needs: RuntimeNeedLog, file: String) throws(PipelineError) -> RuntimeSettings {
        var settings = RuntimeSettings(requests: needs.recorded, cores: ProcessInfo.processInfo.activeProcessorCount)
        for resource in RuntimeResource.allCases {
            guard let value = settings[resource], let apply = registry.runtimeAppliers[resource] else { continue }
            do {
                try apply(value)
            } catch {
                let askers = settings.requests.filter { $0.need.resource == resource }.map(\.stageID)
                throw PipelineError(file: file, stage: askers.first, field: "options",
                                    problem: .invalidOption(reason: "cannot set \(resource.rawValue) to \(value): \(error)"))
            }
        }
        for resource in RuntimeResource.allCases where settings[resource] != nil {
            if let describe = registry.runtimeDescribers[resource] { settings.descriptions[resource] = describe() }
        }
        return settings
    }

    private func buildSource(_ node: PipelineSpec.Node, file: String,
                             needs: RuntimeNeedLog) throws(PipelineError) -> AnySource {
        guard let factory = registry.sourceFactories[node.kind] else {
            throw PipelineError(file: file, stage: node.id, field: "kind",
                                problem: .unknownKind(node.kind, known: registry.sourceKinds))
        }
        return try build(node, file: file, needs: needs) { setup in try factory(setup) }
    }

    func buildStage(_ node: PipelineSpec.Node, file: String, needs: RuntimeNeedLog) throws(PipelineError) -> AnyStage {
        guard let factory = registry.stageFactories[node.kind] else {
            throw PipelineError(file: file, stage: node.id, field: "kind",
                                problem: .unknownKind(node.kind, known: registry.stageKinds))
        }
        return try build(node, file: file, needs: needs) { setup in try factory(setup) }
    }

    private func build<Built>(_ node: PipelineSpec.Node, file: String, needs: RuntimeNeedLog,
                              _ make: (StageSetup) throws -> Built) throws(PipelineError) -> Built {
        let options = StageOptions(file: file, stageID: node.id, values: node.options)
        let setup = StageSetup(stageID: node.id, kind: node.kind, options: options, concurrency: node.concurrency,
                               environment: environment, needs: needs)
        let built: Built
        do {
            built = try make(setup)
        } catch let error as PipelineError {
            throw error
        } catch {
            throw PipelineError(file: file, stage: node.id, field: "options",
                                problem: .invalidOption(reason: String(describing: error)))
        }
        if let unknown = options.unread.first {
            throw PipelineError(file: file, stage: node.id, field: "options.\(unknown)",
                                problem: .unknownOption(known: options.known))
        }
        return built
    }
}
