import Foundation
import Runner

/// The captures of one source in date order (then id), so the shots within a time window of a given one are
/// found by binary search.
struct MomentTimeline: Sendable {
    private(set) var entries: [MomentCapture] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ capture: MomentCapture) {
        entries.insert(capture, at: firstIndex(notPreceding: capture))
    }

    mutating func remove(_ capture: MomentCapture) {
        let index = firstIndex(notPreceding: capture)
        precondition(index < entries.count && entries[index].id == capture.id, "capture \(capture.id) not in timeline")
        entries.remove(at: index)
    }

    /// The captures dated within `interval` seconds of `date` (inclusive), in order.
    func captures(around date: Date, within interval: TimeInterval) -> ArraySlice<MomentCapture> {
        let start = date.addingTimeInterval(-interval), end = date.addingTimeInterval(interval)
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].date < start { low = middle + 1 } else { high = middle }
        }
        var upper = low
        while upper < entries.count, entries[upper].date <= end { upper += 1 }
        return entries[low..<upper]
    }

    private func firstIndex(notPreceding capture: MomentCapture) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].precedes(capture) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
