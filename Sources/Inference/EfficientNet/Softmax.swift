import Foundation

/// Class probabilities from logits, computed in Double and shifted by the maximum so large logits cannot overflow.
enum Softmax {
    static func probabilities(_ logits: [Float]) -> [Float] {
        guard let largest = logits.max() else { return [] }
        let exponentials = logits.map { exp(Double($0 - largest)) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { Float($0 / total) }
    }
}
