import Captures
import Foundation
import ReadingFixtures
import TextStages

/// `ReadingBenchmarks photos FOLDER`: the text stage on photos, as a photo (`kind: .photo`), with the scene-text
/// path (`sceneText: true`, the default) and without it (Tesseract's layout analysis on the whole photo), one after
/// the other on every image. FOLDER is `scripts/photo-text-corpus.py`'s output (truth.json: text items with their
/// words and x-height) or any folder of photos without truth (every photo then counts as without text, e.g.
/// /tmp/mixed99/photos). Reports per variant: CPU per photo with and without text (and where it goes), the text
/// items missed (no word of the item read; legible items are those the presence rule covers), word recall, and
/// the words read from photos without text (garbage).
enum PhotoTextBenchmark {
    struct Truth: Decodable {
        struct Item: Decodable {
            var kind: String
            var words: [String]
            var xheight: Double
            var legible: Bool
            var box: [Double]
        }
        struct Image: Decodable {
            var file: String
            var width: Int
            var height: Int
            var items: [Item]
        }
        var seed: Int?
        var images: [Image]
    }

    /// One variant's totals.
    struct Tally {
        var cpuText: [Double] = [], cpuNone: [Double] = []
        var presence = 0.0, finding = 0.0, reading = 0.0, orientation = 0.0
        var skipped = 0, items = 0, legibleItems = 0, missedLegible = 0, missedAny = 0
        var words = 0, found = 0, legibleWords = 0, legibleFound = 0, garbage = 0, garbageImages = 0
        var candidates = 0, kept = 0, readLines = 0, garbageLines = 0
    }

    static func run(folder: String, only: [String], verbose: Bool) throws {
        let truthPath = folder + "/truth.json"
        let truth: Truth
        if FileManager.default.fileExists(atPath: truthPath) {
            truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: truthPath)))
        } else {
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder)
                .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg") }.sorted()
            truth = Truth(seed: nil, images: files.map { Truth.Image(file: $0, width: 0, height: 0, items: []) })
        }
        var scene = TextReadingOptions()
        scene.recognizer = .builtIn
        var layout = scene
        layout.sceneText = false
        let variants = [("Tesseract's layout (before)", TesseractTextStage(options: layout)),
                        ("scene text (ours)", TesseractTextStage(options: scene))]
        var tallies = [Tally](repeating: Tally(), count: variants.count)
        for image in truth.images where only.isEmpty || only.contains(where: { image.file.contains($0) }) {
            let picture = try RGBImage.photo(path: folder + "/" + image.file, 
                                             longSide: image.width > 0 ? min(1600, max(image.width, image.height)) : 1600)
            var line = "  \(image.file) (\(picture.width)x\(picture.height), \(image.items.count) items):"
            for (index, (name, stage)) in variants.enumerated() {
                let (read, time) = try Measure.time { try stage.read(picture, kind: .photo) }
                let tokens = read.text.lines.flatMap { Self.tokens($0.text) }
                var tally = tallies[index]
                if image.items.isEmpty {
                    tally.cpuNone.append(time.cpu)
                    tally.garbage += tokens.count
                    if !tokens.isEmpty { tally.garbageImages += 1 }
                } else {
                    tally.cpuText.append(time.cpu)
                }
                let trace = read.trace
                tally.presence += trace.presenceMilliseconds
                tally.finding += trace.lineFindingMilliseconds
                tally.reading += trace.readingMilliseconds
                tally.orientation += trace.orientationMilliseconds
                tally.candidates += trace.sceneCandidates
                tally.kept += trace.sceneKept
                tally.readLines += trace.sceneReadLines
                tally.garbageLines += trace.sceneGarbageLines
                if trace.skipped { tally.skipped += 1 }
                var pool = [String: Int]()
                for token in tokens { pool[token, default: 0] += 1 }
                var missed: [String] = []
                for item in image.items {
                    var hits = 0
                    for word in item.words.flatMap(Self.tokens) where pool[word, default: 0] > 0 {
                        pool[word]! -= 1
                        hits += 1
                    }
                    let count = item.words.flatMap(Self.tokens).count
                    tally.items += 1
                    tally.words += count
                    tally.found += hits
                    if hits == 0 { tally.missedAny += 1 }
                    if item.legible {
                        tally.legibleItems += 1
                        tally.legibleWords += count
                        tally.legibleFound += hits
                        if hits == 0 {
                            tally.missedLegible += 1
                            missed.append("\(item.words.joined(separator: " ")) (x \(format(item.xheight, 0)))")
                        }
                    }
                }
                tallies[index] = tally
                line += " [\(name): \(format(time.cpu, 0)) ms\(trace.skipped ? " skipped" : ""), "
                    + "\(trace.sceneKept)/\(trace.sceneCandidates) rows, \(tokens.count) words"
                    + (missed.isEmpty ? "" : ", MISSED legible: \(missed.joined(separator: "; "))") + "]"
                if verbose {
                    line += "\n      " + read.text.lines.map { "\($0.text) (\(format($0.confidence * 100, 0)))" }
                        .joined(separator: " | ")
                }
            }
            report(line)
        }
        report("photos on \(folder)\(truth.seed.map { " (seed \($0))" } ?? "")")
        report("| variant | CPU ms/photo with text (mean, p95) | without text (mean, p95) | presence / line finding / "
            + "reading / orientation ms per photo | skipped | legible items missed | any items missed "
            + "| word recall legible / all | garbage words (photos) from photos without text | rows kept / found "
            + "| lines dropped as garbage / read |")
        report("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for ((name, _), tally) in zip(variants, tallies) {
            let photos = Double(max(1, tally.cpuText.count + tally.cpuNone.count))
            let text = Summary(tally.cpuText), none = Summary(tally.cpuNone)
            report("| \(name) | \(format(text.mean, 0)), \(format(text.p95, 0)) | \(format(none.mean, 0)), "
                + "\(format(none.p95, 0)) | \(format(tally.presence / photos, 0)) / \(format(tally.finding / photos, 0)) / "
                + "\(format(tally.reading / photos, 0)) / \(format(tally.orientation / photos, 0)) | \(tally.skipped) "
                + "| \(tally.missedLegible) of \(tally.legibleItems) | \(tally.missedAny) of \(tally.items) "
                + "| \(percent(tally.legibleFound, tally.legibleWords)) / \(percent(tally.found, tally.words)) "
                + "| \(tally.garbage) (\(tally.garbageImages) of \(tally.cpuNone.count)) | \(tally.kept) / \(tally.candidates) "
                + "| \(tally.garbageLines) / \(tally.readLines) |")
        }
    }

    /// Lower-case letters and digits of each word (case and punctuation do not count on a sign).
    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { word in
            String(word.lowercased().filter { $0.isLetter || $0.isNumber })
        }.filter { !$0.isEmpty }
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : "\(format(100 * Double(part) / Double(whole)))%"
    }
}
