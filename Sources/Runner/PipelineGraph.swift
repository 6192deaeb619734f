/// A pipeline that loaded and passed every check: each node built from its kind, each edge type-checked,
/// stages in an order where every stage comes after the stages that feed it. What the runner runs.
public struct PipelineGraph: Sendable {
    struct SourceNode: Sendable {
        let id: String
        let kind: String
        let source: AnySource
        let downstream: [Int]
    }

    struct StageNode: Sendable {
        let id: String
        let kind: String
        let stage: AnyStage
        let concurrency: Int
        let buffer: Int
        /// Upstream stages (indices into `stages`) and sources (indices into `sources`) feeding this stage.
        let upstreamStages: [Int]
        let upstreamSources: [Int]
        let downstream: [Int]
        /// Whether the stage assembles its input from several upstream outputs of the same capture.
        let joins: Bool
        /// For a join: how many upstream edges deliver a capture that came from each source.
        let arrivalsBySource: [Int]
    }

    public let file: String
    public let name: String
    let sources: [SourceNode]
    /// In topological order.
    let stages: [StageNode]
    /// For each source, how many terminal stages (stages nothing reads) a capture from it reaches.
    let terminalsBySource: [Int]
    /// The library settings settled for this graph's stages (`RuntimeSettings`), applied when it loaded.
    public internal(set) var runtime = RuntimeSettings.none

    /// The stage ids in the order the runner starts them (every stage after those that feed it).
    public var stageIDs: [String] { stages.map(\.id) }
    public var sourceIDs: [String] { sources.map(\.id) }
    /// The stage kinds, in the order of `stageIDs`.
    public var stageKinds: [String] { stages.map(\.kind) }

    /// The concurrency each stage was configured with, by id.
    public var concurrency: [String: Int] {
        Dictionary(uniqueKeysWithValues: stages.map { ($0.id, $0.concurrency) })
    }
}
