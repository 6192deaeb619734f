/// The errors OCR makes on screenshots and photos, applied to generated text: a character swapped for its look-alike
/// (0/O, 1/l/I, 5/S, 8/B, 2/Z, rn/m), a space lost or doubled, at a given rate per character. Codes are untouched
/// (a code reader checks its payload).
public enum OCRNoise {
    static let lookAlikes: [Character: [Character]] = [
        "0": ["O"], "O": ["0"], "1": ["l", "I"], "l": ["1"], "I": ["1", "l"], "5": ["S"], "S": ["5"], "8": ["B"],
        "B": ["8"], "2": ["Z"], "Z": ["2"], "e": ["c"], "a": ["o"], "m": ["n"], ".": [","], ",": ["."],
    ]

    public static func apply(_ captures: [GeneratedCapture], rate: Double, seed: UInt64) -> [GeneratedCapture] {
        var random = SeededRandom(seed: seed ^ 0x0C2)
        return captures.map { capture in
            var noisy = capture
            var out = ""
            for character in capture.text {
                guard random.chance(rate) else { out.append(character); continue }
                if character == " " {
                    if random.chance(0.5) { out += "  " }
                } else if let swaps = lookAlikes[character] {
                    out.append(random.pick(swaps))
                } else {
                    out.append(character)
                }
            }
            noisy.text = out
            return noisy
        }
    }
}
