/// One thing to time: `setUp` once, `run` repeatedly (the first run is a discarded warm-up), `tearDown` once.
protocol Benchmark {
    var name: String { get }
    func setUp() throws
    /// Does the work once and returns how many captures it processed.
    func run() async throws -> Int
    func tearDown()
}

extension Benchmark {
    func setUp() throws {}
    func tearDown() {}
}
