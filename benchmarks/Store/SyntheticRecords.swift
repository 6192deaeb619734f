import TestSupport
import Captures
import Foundation
import Runner

/// Generated capture records shaped like real ones: a screenshot's worth of text, labels, a QR code, a
/// fingerprint, a focus measure and a 512-value vector (CLIP ViT-B/32's size).
enum SyntheticRecords {
    /// A 4,000-word vocabulary of made-up words ("kadobe", "rimuta"), used with a skewed (Zipf-like)
    /// frequency as real text is: a few words in most captures, most words in few.
    static let words: [String] = {
        let syllables = ["ka", "do", "be", "ri", "mu", "ta", "lo", "ne", "si", "pa", "ve", "gu", "zo", "fi", "he",
                         "ju", "wa", "xe", "yo", "qu"]
        var generator = SplitMix64(seed: 7)
        var seen = Set<String>()
        var result: [String] = []
        while result.count < 4_000 {
            let length = 2 + Int(generator.next() % 3)
            let word = (0..<length).map { _ in syllables[Int(generator.next() % 20)] }.joined()
            if seen.insert(word).inserted { result.append(word) }
        }
        return result
    }()

    static func word(_ generator: inout SplitMix64) -> String {
        let u = Double(generator.next() % 1_000_000) / 1_000_000
        return words[min(words.count - 1, Int(pow(u, 3) * Double(words.count)))]
    }

    static func make(_ count: Int, prefix: String = "capture") -> [CaptureRecord] {
        var generator = SplitMix64(seed: 42)
        return (0..<count).map { index in
            let lines = (0..<12).map { _ in
                (0..<8).map { _ in word(&generator) }.joined(separator: " ")
            }
            let box = NormalizedRect(x: 0.1, y: 0.1, width: 0.2, height: 0.05)
            let name = "\(prefix)/\(String(format: "%06d", index)).png"
            return CaptureRecord(
                file: CaptureFile(id: CaptureID("library:\(name)"), source: "library", path: "/library/\(name)",
                                  relativePath: name, byteCount: 1_000_000, modified: Date(timeIntervalSince1970: 0),
                                  signature: "1000000-\(index)"),
                metadata: CaptureMetadata(date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
                                          dateSource: .exif, location: GeoPoint(latitude: 48.85, longitude: 2.35),
                                          pixelWidth: 1170, pixelHeight: 2532, kind: .screenshot, format: "png"),
                text: CaptureText(lines: lines.map { TextLine(text: $0, box: box, confidence: 0.9) }),
                codes: CaptureCodes(codes: [ReadCode(format: "QRCode", payload: Array("https://x.test/\(index)".utf8),
                                                     text: "https://x.test/\(index)", box: box)]),
                fingerprint: VisualFingerprint(bits: generator.next()),
                focus: FocusMeasure(sharpness: 500, outOfFocus: false),
                vector: ImageVector(model: "clip-vit-b32", values: (0..<512).map { _ in
                    Float(generator.next() % 1000) / 1000 }),
                labels: CaptureLabels(labels: [CaptureLabel(name: "screenshot", confidence: 1),
                                               CaptureLabel(name: "text", confidence: 0.9)]))
        }
    }
}
