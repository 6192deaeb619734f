/// How `MultiIndexTables` answers a search of one radius: how far from the query's chunk to probe in each table,
/// or nil when a scan of every fingerprint is cheaper.
///
/// Pigeonhole with per-table radii: if a fingerprint differs from the query by more than `s_t` bits in every
/// chunk `t`, it differs by at least `sum(s_t + 1)` bits in all. Radii with `sum(s_t + 1) >= r + 1` therefore find
/// every fingerprint within `r` in some table (the refined pigeonhole of multi-index hashing: at r = 10 over five
/// chunks, one chunk within 2 bits and four within 1). Among the radii that do, the plan takes the cheapest by a
/// cost model: a probe costs `probeCost` entry checks, and probing a table of width `w` within `s` bits checks
/// `sum_{i<=s} C(w, i)` buckets of `n / 2^w` entries each. It raises one table's radius at a time, always the one
/// whose next step costs least (the steps of one table only grow dearer, so this greedy choice is the cheapest).
struct ProbePlan: Sendable, Equatable {
    /// Per table: the most chunk bits a probe flips; -1 when the table is not probed.
    let radii: [Int]
    /// Per table: how many chunk values are probed (all within `radii[t]` bits of the query's).
    let probeCounts: [Int]
    /// Per table: a lower bound on the distance, outside the table's chunk and signature, of any fingerprint that
    /// this table is the first to find (one that no earlier table finds has, in each earlier probed chunk, more
    /// bits different than that table's radius). It tightens the signature check without losing a match.
    let hiddenDistance: [Int]

    /// What one probe costs, in entry checks (measured: a probe about 3 ns with its data in cache, a signature
    /// check about 0.4-0.8 ns; more when the probe misses the cache).
    static let probeCost = 8.0
    /// What the scan costs per fingerprint, in entry checks.
    static let scanCost = 1.3
    /// The most bits a table's probes flip; beyond it a scan is cheaper.
    static let maxProbeBits = 4

    /// The cheapest plan for `radius` over `count` fingerprints cut by `layout`, or nil when scanning all
    /// `count` costs less.
    init?(radius: Int, layout: ChunkLayout, count: Int) {
        guard radius >= 0 else { return nil }
        let tables = layout.count
        var radii = [Int](repeating: -1, count: tables)
        var cost = 0.0
        func stepCost(_ table: Int) -> Double? {
            let next = radii[table] + 1
            guard next <= Self.maxProbeBits, next <= layout.widths[table] else { return nil }
            let entries = Double(count) / Double(1 << layout.widths[table])
            return Double(Self.binomial(layout.widths[table], next)) * (Self.probeCost + entries)
        }
        for _ in 0...radius {
            let steps = (0..<tables).compactMap { table in stepCost(table).map { (cost: $0, table: table) } }
            guard let cheapest = steps.min(by: { ($0.cost, $0.table) < ($1.cost, $1.table) }) else { return nil }
            radii[cheapest.table] += 1
            cost += cheapest.cost
        }
        guard cost < Self.scanCost * Double(count) else { return nil }
        self.radii = radii
        probeCounts = radii.indices.map { Self.flipCount(width: layout.widths[$0], upTo: radii[$0]) }
        hiddenDistance = (0..<tables).map { table in
            let seen = layout.chunkMask(table) | layout.signatureMask(table)
            return (0..<table).filter { layout.chunkMask($0) & seen == 0 }.reduce(0) { $0 + radii[$1] + 1 }
        }
    }

    /// The number of ways to choose `k` of `n`.
    static func binomial(_ n: Int, _ k: Int) -> Int {
        guard k >= 0, k <= n else { return 0 }
        var result = 1
        for i in 0..<k { result = result * (n - i) / (i + 1) }
        return result
    }

    /// How many chunk values of `width` bits lie within `bits` bits of a given one.
    static func flipCount(width: Int, upTo bits: Int) -> Int {
        bits < 0 ? 0 : (0...bits).reduce(0) { $0 + binomial(width, $1) }
    }
}
