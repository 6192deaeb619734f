/// Everything a stage factory gets when a pipeline loads: the node's id, options and concurrency, and the
/// shared environment.
public struct StageSetup {
    public var stageID: String
    public var kind: String
    public var options: StageOptions
    /// How many workers will call the stage at once (its `context.worker` is below this).
    public var concurrency: Int
    public var environment: StageEnvironment
    /// Where `need` records what the stage needs (one log per pipeline load).
    var needs = RuntimeNeedLog()

    /// Declares a process-wide library setting the stage needs (BLAS callers, libvips threads, an OpenMP limit).
    /// The loader settles every stage's needs once, after all stages are built (`RuntimeSettings`); a factory
    /// never sets such a setting itself.
    public func need(_ need: RuntimeNeed) {
        needs.record(need, stageID: stageID)
    }
}
