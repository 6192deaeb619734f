import TestSupport

/// A generated capture as the reading stages would hand it over (text lines, code payloads) with what it truly is:
/// the sensitive category it must be held for (nil: none), its lead kind (nil: none) and the objects it shows.
public struct GeneratedCapture: Sendable {
    public var name: String
    public var text: String
    public var codes: [String]
    /// `payment card`, `identity document`, `credential`, `health record`, or nil.
    public var sensitive: String?
    /// A hard negative: looks close to `nearCategory` but is not sensitive.
    public var nearCategory: String?
    public var lead: String?
    /// Expected objects as `kind value`.
    public var objects: [String]

    public init(name: String, text: String, codes: [String] = [], sensitive: String? = nil, nearCategory: String? = nil,
                lead: String? = nil, objects: [String] = []) {
        self.name = name
        self.text = text
        self.codes = codes
        self.sensitive = sensitive
        self.nearCategory = nearCategory
        self.lead = lead
        self.objects = objects
    }
}

/// A small seeded generator (over TestSupport's SplitMix64): the same seed gives the same captures.
public struct SeededRandom: Sendable {
    private var source: SplitMix64

    public init(seed: UInt64) { source = SplitMix64(seed: seed) }

    public mutating func next() -> UInt64 { source.next() }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    public mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }

    public mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(int(0...9))) }) }

    public mutating func letters(_ count: Int) -> String {
        String((0..<count).map { _ in Character(UnicodeScalar(UInt8(65 + int(0...25)))) })
    }

    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var out = items
        for index in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(index, int(0...index)) }
        return out
    }
}
