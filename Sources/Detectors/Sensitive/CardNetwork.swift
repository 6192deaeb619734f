/// A payment-card network: the number prefixes (IIN ranges) it issues and the lengths of its numbers.
public struct CardNetwork: Sendable, Equatable {
    public var name: String
    /// Inclusive prefix ranges, compared on the same number of leading digits as the bounds have.
    public var ranges: [ClosedRange<Int>]
    public var lengths: ClosedRange<Int>

    /// The networks, most specific first (the first whose range and length match names a number).
    public static let table: [CardNetwork] = [
        CardNetwork(name: "American Express", ranges: [34...34, 37...37], lengths: 15...15),
        CardNetwork(name: "Diners Club", ranges: [300...305, 36...36, 38...39], lengths: 14...19),
        CardNetwork(name: "JCB", ranges: [3528...3589], lengths: 16...19),
        CardNetwork(name: "Visa", ranges: [4...4], lengths: 13...19),
        CardNetwork(name: "Mastercard", ranges: [51...55, 2221...2720], lengths: 16...16),
        CardNetwork(name: "Discover", ranges: [6011...6011, 644...649, 65...65, 622126...622925], lengths: 16...19),
        CardNetwork(name: "UnionPay", ranges: [62...62, 81...81], lengths: 16...19),
        CardNetwork(name: "Maestro", ranges: [50...50, 56...58, 6...6], lengths: 12...19),
        CardNetwork(name: "Mir", ranges: [2200...2204], lengths: 16...19),
    ]

    /// The network that issues numbers like `digits`, or nil.
    public static func network(of digits: [Int]) -> CardNetwork? {
        table.first { network in
            network.lengths.contains(digits.count) && network.ranges.contains { range in
                let width = String(range.lowerBound).count
                guard digits.count >= width else { return false }
                let prefix = digits.prefix(width).reduce(0) { $0 * 10 + $1 }
                return range.contains(prefix)
            }
        }
    }
}
