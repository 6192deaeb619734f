// Search while indexing and a one-off search (helper "mirror", issue 13): what a search costs when another
// connection commits slices of about a hundred captures between searches, and what a process that opens the index
// to search once pays.
import Benchmarking
import Captures
import Foundation
import Runner
import Store

/// CPU seconds, wall seconds.
struct Cost {
    var cpu: Double, wall: Double
}

/// Wall and CPU of the calling thread for `body`.
func cost<T>(_ body: () throws -> T) rethrows -> (T, Cost) {
    var cpuStart = timespec(), cpuEnd = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart)
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd)
    let cpu = Double(cpuEnd.tv_sec - cpuStart.tv_sec) + Double(cpuEnd.tv_nsec - cpuStart.tv_nsec) / 1e9
    return (value, Cost(cpu: cpu, wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
}

/// `p50 / p95` of wall and CPU in milliseconds.
func summary(_ costs: [Cost]) -> String {
    func ms(_ values: [Double], _ p: Double) -> Double { BenchmarkResult.percentile(values, p) * 1000 }
    let wall = costs.map(\.wall), cpu = costs.map(\.cpu)
    return String(format: "wall p50 %.1f ms, p95 %.1f ms; CPU p50 %.1f ms, p95 %.1f ms", ms(wall, 0.5), ms(wall, 0.95),
                  ms(cpu, 0.5), ms(cpu, 0.95))
}

/// Search while another connection (as another process would) commits `rounds` slices of `slice` new captures,
/// one slice between two searches: the long-lived store's search (its facts mirror brought up to date by the rows
/// written), against a store opened for that one search (the join plan, as a one-off CLI search), the same query
/// at the same version. The captures written are deleted at the end (their source is "live"), so the index keeps
/// its size; the search after that deletion is timed too. Returns the report's lines.
@MainActor func searchWhileIndexing(path: String, store: IndexStore, queries: [SearchRequest], rounds: Int, slice: Int,
                         record: (Int) -> CaptureRecord) throws -> [String] {
    let writer = try IndexStore(path: path)
    defer { writer.close() }
    var kept: [Cost] = [], opening: [Cost] = [], oneOff: [Cost] = [], writes: [Cost] = []
    var differing = 0, written: [CaptureID] = []
    _ = try store.search(queries[0])    // the mirror built before the first slice (as in a long-lived process)
    _ = try store.prepareForSearching()
    for round in 0..<rounds {
        let records = (0..<slice).map { record(round * slice + $0) }
        written += records.map(\.file.id)
        writes.append(try cost { try writer.write(records) }.1)
        let query = queries[round % queries.count]
        store.forgetCachedSearches()
        let (answer, keptCost) = try cost { try store.search(query) }
        kept.append(keptCost)
        let (fresh, openCost) = try cost { try IndexStore(path: path) }
        opening.append(openCost)
        let (freshAnswer, oneOffCost) = try cost { try fresh.search(query) }
        oneOff.append(oneOffCost)
        fresh.close()
        if Answer(answer) != Answer(freshAnswer) { differing += 1 }
    }
    let (_, deletion) = cost { try? writer.forgetCaptures(written, source: "live") }
    store.forgetCachedSearches()
    let (_, afterDeletion) = try cost { try store.search(queries[0]) }
    return [
        "search while indexing (\(rounds) slices of \(slice) captures committed by another connection, one between "
            + "two searches, \(queries.count) common-word queries with facets):",
        "  long-lived store (mirror brought up to date): " + summary(kept),
        "  one-off store, its search (join): " + summary(oneOff),
        "  one-off store, opening: " + summary(opening),
        "  writing a slice: " + summary(writes),
        String(format: "  deleting the %d captures written: wall %.0f ms; the search after it: wall %.1f ms, CPU %.1f ms",
               written.count, deletion.wall * 1000, afterDeletion.wall * 1000, afterDeletion.cpu * 1000),
        "  \(differing) of \(rounds) answers differ between the two stores",
    ]
}

/// What a one-off CLI search costs, as a child process's CPU (user + system, from `getrusage` of the children)
/// and wall: `executable --help` (process start alone), a search matching nothing, and each of `words`.
func cliOneOff(executable: String, index: String, words: [String], runs: Int) throws -> [String] {
    func run(_ arguments: [String]) throws -> Cost {
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let cpu = seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime)
        return Cost(cpu: cpu, wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    let cases = [("--help (process start)", ["--help"]), ("search matching nothing", ["search", "zzqqxxj", "--index", index, "--json"])]
        + words.map { ("search \($0)", ["search", $0, "--index", index, "--json"]) }
    var costs = [[Cost]](repeating: [], count: cases.count)
    for _ in 0..<runs {
        for (index, (_, arguments)) in cases.enumerated() { costs[index].append(try run(arguments)) }
    }
    return ["one-off CLI (\(executable), \(runs) runs each, in turn):"]
        + zip(cases, costs).map { "  \($0.0): " + summary($1) }
}
