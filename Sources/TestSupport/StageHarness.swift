import Runner

/// Runs one stage on values in memory, without a pipeline file, threads or an index: the way to test a stage.
public struct StageHarness<S: Stage> {
    public let stage: S
    public let stageID: String

    public init(_ stage: S, stageID: String = "under-test") {
        self.stage = stage
        self.stageID = stageID
    }

    /// Processes one input as capture `capture` on worker 0.
    public func process(_ input: S.Input, capture: CaptureID = CaptureID("test"), worker: Int = 0) async throws -> S.Output {
        try await stage.process(input, context: StageContext(stageID: stageID, capture: capture, worker: worker))
    }

    /// Processes every input in order, then calls `finish()`, as the runner would at the end of a run.
    public func run(_ inputs: [S.Input]) async throws -> [S.Output] {
        var outputs: [S.Output] = []
        for (index, input) in inputs.enumerated() {
            outputs.append(try await process(input, capture: CaptureID("test-\(index)")))
        }
        try await stage.finish()
        return outputs
    }
}
