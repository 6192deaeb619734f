/// Union-find over numbered nodes, with path compression: which nodes a set of links has joined.
struct MomentUnion {
    private var parent: [Int] = []

    /// Adds a node on its own and returns its number.
    mutating func add() -> Int {
        parent.append(parent.count)
        return parent.count - 1
    }

    var count: Int { parent.count }

    /// The representative node of the group holding `node`.
    mutating func find(_ node: Int) -> Int {
        var root = node
        while parent[root] != root { root = parent[root] }
        var current = node
        while parent[current] != root {
            let next = parent[current]
            parent[current] = root
            current = next
        }
        return root
    }

    mutating func union(_ a: Int, _ b: Int) {
        let rootA = find(a), rootB = find(b)
        if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
    }
}
