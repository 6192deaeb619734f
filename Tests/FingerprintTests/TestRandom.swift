import Captures
import Foundation
import TestSupport

/// Deterministic random test data: `SplitMix64` from a scrambled seed, with helpers for units and colours.
struct TestRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func colour() -> [Int] { (0..<3).map { _ in Int(next() % 256) } }
}
