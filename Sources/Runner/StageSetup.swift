/// Everything a stage factory gets when a pipeline loads: the node's id, options and concurrency, and the
/// shared environment.
public struct StageSetup {
    public var stageID: String
    public var kind: String
    public var options: StageOptions
    /// How many workers will call the stage at once (its `context.worker` is below this).
    public var concurrency: Int
    public var environment: StageEnvironment
}
