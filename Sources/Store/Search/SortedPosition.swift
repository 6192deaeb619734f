extension Array where Element == Int64 {
    /// Where `value` stands in this array, sorted ascending (a binary search); nil when it is not here.
    func sortedPosition(of value: Int64) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
