/// One thing to time: `setUp` once, `run` repeatedly (the first run is a discarded warm-up), `tearDown` once;
/// `prepareRun` before every run, untimed (a fresh index file for a write benchmark, say).
/// The harness shared by the benchmark executables and `pool-pipeline bench` (`BenchmarkResult`, `Comparison`).
public protocol Benchmark {
    var name: String { get }
    func setUp() throws
    /// Called before every run, warm-up included, outside the timing.
    func prepareRun() throws
    /// Does the work once and returns how many captures (items) it processed.
    func run() async throws -> Int
    func tearDown()
}

extension Benchmark {
    public func setUp() throws {}
    public func prepareRun() throws {}
    public func tearDown() {}
}
