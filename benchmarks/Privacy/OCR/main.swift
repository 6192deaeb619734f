import Captures
import Foundation
import ObjectRules
import PrivacyFixtures
import ReadingFixtures
import TextStages

// The gate, objects and leads measured through real OCR: each generated capture's text is rendered as a
// screenshot (a font, size and light or dark theme picked by the seed), read back by the text stage (Tesseract's
// layout, our LSTM line recogniser), and evaluated as in PrivacyFigures. Codes are handed over as generated (the
// code reader is measured in docs/reading.md).
// Usage: PrivacyOCRFigures [--seed 101] [--count 6] [--mistakes] [--only credential|identity|address|link|tracking]
//                          [--recognizer builtin|tesseract] [--save-reads FILE] [--reads FILE]
// `--recognizer` picks who reads the lines (the text stage's option; pipelines/default.json says "tesseract", the
// stage's own default is "builtin").
// `--only credential` (or `identity`) renders only that category's templates and their hard negatives (more
// positives for the same time); `--only address` only the postal-address captures and their hard negatives;
// `--only link` (or `tracking`) four captures of that kind per index (LinkAndTrackingGenerator) and two near misses;
// `--only idcard` identity documents with no machine-readable zone and their hard negatives (IdentityPageGenerator).
// `--save-reads FILE` writes what the text stage read, by capture name (JSON); `--reads FILE` evaluates those texts
// instead of rendering and reading again (same seed, count and `--only`): the rules measured before and after a
// change on the very same reading, in seconds.
var seed: UInt64 = 101
var count = 6
var showMistakes = false
var only: String?
var textOptions = TextReadingOptions()
var saveReads: String?
var savedReads: [String: String]?
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    switch word {
    case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
    case "--count": count = Int(arguments.popFirst() ?? "") ?? count
    case "--mistakes": showMistakes = true
    case "--only": only = arguments.popFirst()
    case "--recognizer":
        guard let kind = arguments.popFirst().flatMap(TextRecognizerKind.init(rawValue:)) else {
            print("--recognizer takes builtin or tesseract"); exit(64)
        }
        textOptions.recognizer = kind
    case "--save-reads": saveReads = arguments.popFirst()
    case "--reads":
        guard let path = arguments.popFirst(), let data = FileManager.default.contents(atPath: path),
              let texts = try? JSONDecoder().decode([String: String].self, from: data) else {
            print("--reads takes a JSON file written by --save-reads"); exit(64)
        }
        savedReads = texts
    default: print("unknown argument \(word)"); exit(64)
    }
}

/// Pango markup would read `<` and `&` as tags and entities.
@MainActor func escaped(_ line: String) -> String {
    // A leading "-" would be read as an option of the vips command.
    (line.hasPrefix("-") ? " " + line : line).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

let fonts = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "DejaVu Sans Mono"]
let reader = TesseractTextStage(options: textOptions)
/// How each capture was rendered and what the text stage did, by name (printed with the mistakes).
var renders: [String: String] = [:]
var random = SeededRandom(seed: seed ^ 0xF0)

@MainActor func read(_ capture: GeneratedCapture) throws -> GeneratedCapture {
    if let savedReads {
        guard let text = savedReads[capture.name] else {
            print("--reads: no text for \(capture.name) (same seed, count and --only as when saved?)"); exit(65)
        }
        var read = capture
        read.text = text
        renders[capture.name] = "saved reading"
        return read
    }
    let font = random.pick(fonts), size = random.int(22...32), dark = random.chance(0.3)
    let lines = capture.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var masks: [RGBImage] = []
    for line in lines {
        masks.append(line.trimmingCharacters(in: .whitespaces).isEmpty
            ? RGBImage(width: 1, height: size, pixels: [UInt8](repeating: 0, count: 3 * size))
            : try TextRenderer.mask(escaped(line), font: "\(font) \(size)", width: 1000))
    }
    let height = masks.reduce(80) { $0 + $1.height + size / 2 }
    var canvas = Canvas(width: 1080, height: height, color: dark ? Canvas.RGB(24, 24, 28) : .white)
    var y = 40
    for mask in masks {
        canvas.paint(mask, x: 40, y: y, color: dark ? Canvas.RGB(235, 235, 235) : Canvas.RGB(20, 20, 20))
        y += mask.height + size / 2
    }
    let (text, trace) = try reader.read(canvas.image, kind: .screenshot)
    renders[capture.name] = "\(font) \(size) px\(dark ? ", dark" : ""); letters found \(trace.letterCount ?? 0), "
        + "height \(trace.typicalLetterHeight), scale \(trace.scale)\(trace.skipped ? ", skipped" : "")"
    var read = capture
    read.text = text.fullText
    return read
}

let sensitive = try SensitiveGenerator.captures(seed: seed, count: count).filter { capture in
    let category = only == "identity" ? "identity document" : only
    return only == nil || (!["address", "link", "tracking", "idcard"].contains(category) && (capture.sensitive == category || capture.nearCategory == category))
}.map(read) + (only == "idcard" ? IdentityPageGenerator.captures(seed: seed, count: count).map(read) : [])
let leads = only != nil ? [] : try LeadGenerator.captures(seed: seed, count: count).map(read)
let addresses = only != nil && only != "address" ? [] : try AddressGenerator.captures(seed: seed, count: count).map(read)
let objectKind = only == "link" || only == "tracking" ? only : nil
let linksAndTracking = try objectKind.map {
    try LinkAndTrackingGenerator.captures(seed: seed, count: count, kinds: [$0]).map(read)
} ?? []
if let saveReads {
    let all = sensitive + leads + addresses + linksAndTracking
    let texts = Dictionary(all.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(texts).write(to: URL(fileURLWithPath: saveReads))
}
var evaluation = Evaluation()
evaluation.addGate(sensitive)
evaluation.addRules(leads, book: .builtIn)
evaluation.addObjects(addresses, book: .builtIn, everywhere: ["address"])
evaluation.addObjects(leads, book: .builtIn, everywhere: ["address"], only: ["address"])
if let objectKind { evaluation.addObjects(linksAndTracking, book: .builtIn, everywhere: [objectKind], only: [objectKind]) }

print("seed \(seed), \(count) of each template\(only.map { " (only \($0))" } ?? ""), recognizer "
      + "\(textOptions.recognizer.rawValue), "
      + "\(sensitive.count + leads.count + addresses.count + linksAndTracking.count) rendered screenshots read by tesseract.text\n")
print(evaluation.markdownTables)
if showMistakes {
    print("\n" + evaluation.mistakeReport())
    for capture in leads + addresses + linksAndTracking where evaluation.objectMistakes.contains(where: { $0.hasPrefix(capture.name + ":") }) {
        print("--- \(capture.name) (\(renders[capture.name] ?? "")) read as:\n\(capture.text)")
    }
    for capture in sensitive where evaluation.gateMistakes.contains(where: { $0.contains(capture.name + " ") }) {
        print("--- \(capture.name) (\(renders[capture.name] ?? "")) read as:\n\(capture.text)")
    }
}
