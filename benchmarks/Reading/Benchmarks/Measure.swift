import Benchmarking
#if canImport(Glibc)
import Glibc
#endif

/// Process CPU time and wall time of a piece of work, in milliseconds.
struct Measure {
    var cpu: Double
    var wall: Double

    static func time<T>(_ work: () throws -> T) rethrows -> (T, Measure) {
        let cpu0 = cpuNow(), wall0 = wallNow()
        let value = try work()
        return (value, Measure(cpu: cpuNow() - cpu0, wall: wallNow() - wall0))
    }

    private static func cpuNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
    }

    private static func wallNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
    }
}

/// Median, 95th percentile (the shared harness's nearest rank) and mean of a list of samples; zeros when empty.
struct Summary {
    var median: Double
    var p95: Double
    var mean: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.isEmpty ? 0 : BenchmarkResult.percentile(sorted, 0.5)
        p95 = sorted.isEmpty ? 0 : BenchmarkResult.percentile(sorted, 0.95)
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
}

/// Prints a line and flushes it at once, so a long run can be followed in a log file.
func report(_ line: String) {
    print(line)
    fflush(nil)
}
