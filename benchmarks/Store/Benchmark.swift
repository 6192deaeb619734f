import Glibc

/// One benchmark: prepared in `setUp`, timed over `run()` (which returns how many items it handled, so the
/// result is per item), cleaned in `tearDown`.
protocol Benchmark {
    var name: String { get }
    mutating func setUp() throws
    mutating func run() throws -> Int
    mutating func tearDown() throws
}

extension Benchmark {
    mutating func setUp() throws {}
    mutating func tearDown() throws {}
}

/// The timings of one benchmark: per-item times of every measured run (the warm-up discarded).
struct BenchmarkResult {
    var name: String
    var items: Int
    /// Wall-clock seconds per item, one value per run, sorted.
    var perItem: [Double]
    /// CPU seconds of the benchmarking thread per item, one value per run, sorted. SQLite works on the calling
    /// thread, so this is the work itself, while wall time also counts waiting for the disk and, on a shared
    /// machine, for a core.
    var cpuPerItem: [Double]

    var median: Double { perItem[perItem.count / 2] }
    var p95: Double { perItem[min(perItem.count - 1, Int((Double(perItem.count) * 0.95).rounded(.up)) - 1)] }
    var cpuMedian: Double { cpuPerItem[cpuPerItem.count / 2] }
}

/// CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Runs a benchmark: one discarded warm-up, then `runs` timed runs, each with its own setUp and tearDown.
func measure<B: Benchmark>(_ benchmark: B, runs: Int) throws -> BenchmarkResult {
    var benchmark = benchmark
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var items = 0
    for run in 0...runs {
        try benchmark.setUp()
        let start = ContinuousClock.now
        let cpuStart = threadCPUTime()
        items = try benchmark.run()
        let cpu = threadCPUTime() - cpuStart
        let elapsed = ContinuousClock.now - start
        try benchmark.tearDown()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        if run > 0 {
            times.append(seconds / Double(max(items, 1)))
            cpuTimes.append(cpu / Double(max(items, 1)))
        }
    }
    return BenchmarkResult(name: benchmark.name, items: items, perItem: times.sorted(), cpuPerItem: cpuTimes.sorted())
}
