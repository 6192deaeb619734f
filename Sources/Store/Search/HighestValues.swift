/// The `capacity` highest values offered so far (in no particular order): a binary min-heap whose root is the
/// lowest kept. Pure, no locking; `VectorTable.nearest` keeps a part's best lower bounds in one.
struct HighestValues {
    let capacity: Int
    private(set) var values: [Double] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        values.reserveCapacity(min(self.capacity, 4_096))
    }

    /// Offers a value; kept when fewer than `capacity` are, or when it is above the lowest kept.
    mutating func offer(_ value: Double) {
        if values.count < capacity {
            values.append(value)
            var child = values.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard values[child] < values[parent] else { return }
                values.swapAt(child, parent)
                child = parent
            }
        } else if capacity > 0, value > values[0] {
            values[0] = value
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var lowest = parent
                if left < values.count, values[left] < values[lowest] { lowest = left }
                if right < values.count, values[right] < values[lowest] { lowest = right }
                guard lowest != parent else { return }
                values.swapAt(parent, lowest)
                parent = lowest
            }
        }
    }
}
