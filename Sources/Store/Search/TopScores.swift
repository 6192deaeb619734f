/// The `capacity` highest scores offered so far, ties going to the earlier row: a binary min-heap whose root is the
/// entry that leaves first (the lowest score, and among equal scores the latest row). Pure, no locking.
struct TopScores {
    struct Entry: Equatable, Sendable {
        var row: Int
        var score: Float
    }

    let capacity: Int
    private(set) var heap: [Entry] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        heap.reserveCapacity(self.capacity)
    }

    /// Whether `a` ranks below `b` (leaves the heap first).
    private static func below(_ a: Entry, _ b: Entry) -> Bool {
        a.score < b.score || (a.score == b.score && a.row > b.row)
    }

    /// Offers a row's score; rows must be offered in increasing order for the tie rule to hold.
    mutating func offer(_ row: Int, _ score: Float) {
        let entry = Entry(row: row, score: score)
        if heap.count < capacity {
            heap.append(entry)
            siftUp(heap.count - 1)
        } else if capacity > 0, Self.below(heap[0], entry) {
            heap[0] = entry
            siftDown(0)
        }
    }

    /// The kept entries, best first (highest score, then earliest row).
    var entries: [Entry] {
        heap.sorted { Self.below($1, $0) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.below(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var lowest = parent
            if left < heap.count, Self.below(heap[left], heap[lowest]) { lowest = left }
            if right < heap.count, Self.below(heap[right], heap[lowest]) { lowest = right }
            guard lowest != parent else { return }
            heap.swapAt(parent, lowest)
            parent = lowest
        }
    }
}
