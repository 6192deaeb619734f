import Captures
import Foundation
import ReadingFixtures
import TextStages

/// Reading parity, line by line, on a corpus made by `scripts/parity-corpus.py`: the built-in recogniser
/// (decoded greedily, and with the dictionary beam) and Tesseract's own read every image (both on the lines Tesseract's layout analysis finds, page segmentation
/// mode 3), their lines are matched to the truth rows they stand on, and character error rate and word recall
/// are reported per layout family. Also counts the images the text-presence check would skip.
enum ParityBenchmark {
    struct Truth: Decodable {
        struct Image: Decodable {
            var file: String
            var family: String
            var size: Int
            var width: Int
            var height: Int
            var rows: [Row]
        }

        struct Row: Decodable {
            var text: String
            var box: [Double]
        }

        var seed: Int
        var images: [Image]
    }

    /// Edit distance, words and truth words found, summed over the rows of a family.
    struct Score {
        var rows = 0, characters = 0, edits = 0, words = 0, found = 0, milliseconds = 0.0, finding = 0.0
        var cer: Double { characters > 0 ? 100 * Double(edits) / Double(characters) : 0 }
        var recall: Double { words > 0 ? 100 * Double(found) / Double(words) : 0 }
        mutating func add(_ other: Score) {
            rows += other.rows; characters += other.characters; edits += other.edits
            words += other.words; found += other.found; milliseconds += other.milliseconds
            finding += other.finding
        }
    }

    /// `compareFinders`: the two readers are the built-in recogniser on our line finder's lines ("built-in") and
    /// on Tesseract's layout analysis ("Tesseract" columns), instead of the built-in recogniser and Tesseract's
    /// own recognition, both on Tesseract's layout. `ourLines`: the built-in recogniser reads our line finder's lines
    /// and Tesseract reads its own (what each does in a pipeline), instead of both reading Tesseract's layout.
    /// `oursOnly`: only the built-in recogniser with the beam reads (the greedy and Tesseract columns stay empty), for
    /// quick comparisons between versions; `rowsTo`: every row's truth, its read and the words found, written to that
    /// file (one tab-separated line per row), for comparing two versions row by row.
    static func run(folder: String, only: [String], verbose: Bool, compareFinders: Bool = false,
                    ourLines: Bool = false, oursOnly: Bool = false, rowsTo: String? = nil) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/truth.json"))
        let truth = try JSONDecoder().decode(Truth.self, from: data)
        var builtInOptions = TextReadingOptions()
        builtInOptions.recognizer = .builtIn
        builtInOptions.lineFinder = compareFinders || ourLines ? .builtIn : .tesseract
        var greedyOptions = builtInOptions
        greedyOptions.dictionaryBeam = false
        var tesseractOptions = TextReadingOptions()
        tesseractOptions.recognizer = compareFinders ? .builtIn : .tesseract
        tesseractOptions.lineFinder = .tesseract
        if ourLines {
            report("columns: \"built-in\" = built-in recogniser on our line finder's lines; \"Tesseract\" = "
                + "Tesseract's own recognition on its own layout analysis (PSM 3)")
        }
        if compareFinders {
            report("columns: \"built-in\" = built-in recogniser on our line finder's lines; \"Tesseract\" = built-in "
                + "recogniser on Tesseract's layout analysis (PSM 3)")
        }
        let builtIn = TesseractTextStage(options: builtInOptions)
        let greedy = TesseractTextStage(options: greedyOptions)
        let tesseract = TesseractTextStage(options: tesseractOptions)
        var rowLog = ""
        defer { if let rowsTo { try? rowLog.write(toFile: rowsTo, atomically: true, encoding: .utf8) } }
        var families: [String: Entry] = [:]
        var order: [String] = []
        for image in truth.images where only.isEmpty || only.contains(where: { image.file.contains($0) }) {
            let picture = try RGBImage.photo(path: folder + "/" + image.file,
                                             longSide: min(1600, max(image.width, image.height)))
            let none = (text: CaptureText(lines: []), trace: TextReadingTrace())
            let (plain, plainTime) = try Measure.time { oursOnly ? none.text : try greedy.read(picture).text }
            let (oursRead, oursTime) = try Measure.time { try builtIn.read(picture) }
            let (theirsRead, theirsTime) = try Measure.time { oursOnly ? none : try tesseract.read(picture) }
            let ours = oursRead.text, theirs = theirsRead.text
            let ourReads = rowReads(ours, image), theirReads = rowReads(theirs, image)
            let plainReads = rowReads(plain, image)
            var plainScore = score(plainReads, image)
            plainScore.milliseconds = plainTime.cpu
            var ourScore = score(ourReads, image)
            for (index, (row, read)) in zip(image.rows, ourReads).enumerated() {
                let expected = normalized(row.text)
                rowLog += "\(image.file)\t\(index)\t\(found(expected, read))\t\(expected)\t\(read)\n"
            }
            var theirScore = score(theirReads, image)
            if verbose {
                compare(image, ourReads, theirReads)
                compare(image, ourReads, plainReads, names: ("beam", "greedy"))
            }
            ourScore.milliseconds = oursTime.cpu
            theirScore.milliseconds = theirsTime.cpu
            ourScore.finding = oursRead.trace.lineFindingMilliseconds
            theirScore.finding = theirsRead.trace.lineFindingMilliseconds
            let missed = !TesseractTextStage.presenceCheck(picture).hasText
            if families[image.family] == nil { order.append(image.family) }
            var entry = families[image.family] ?? Entry()
            entry.greedy.add(plainScore)
            entry.ours.add(ourScore)
            entry.theirs.add(theirScore)
            entry.images += 1
            if missed { entry.presenceMisses += 1 }
            families[image.family] = entry
            report("  \(image.file) (\(image.size) px): built-in CER \(format(plainScore.cer)) → "
                + "\(format(ourScore.cer)) recall \(format(plainScore.recall)) → \(format(ourScore.recall)), Tesseract CER \(format(theirScore.cer)) recall "
                + "\(format(theirScore.recall))\(missed ? ", presence check MISSED" : "")")
        }
        report("parity on \(folder) (seed \(truth.seed))")
        report("| family | images | rows | words | CER built-in greedy → beam | CER Tesseract "
            + "| word recall built-in greedy → beam | word recall Tesseract | beam − Tesseract "
            + "| CPU ms/image built-in greedy / beam / Tesseract | line finding CPU ms/image built-in / Tesseract "
            + "| presence misses |")
        report("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        var all = Entry()
        for family in order {
            let entry = families[family]!
            all.greedy.add(entry.greedy); all.ours.add(entry.ours); all.theirs.add(entry.theirs)
            all.images += entry.images; all.presenceMisses += entry.presenceMisses
            report(row(family, entry))
        }
        report(row("**all**", all))
    }

    /// A family's scores: the built-in recogniser greedy and with the beam, Tesseract's.
    struct Entry {
        var greedy = Score(), ours = Score(), theirs = Score(), images = 0, presenceMisses = 0
    }

    private static func row(_ name: String, _ entry: Entry) -> String {
        let images = Double(max(1, entry.images))
        let gap = entry.ours.recall - entry.theirs.recall
        return "| \(name) | \(entry.images) | \(entry.ours.rows) | \(entry.ours.words) "
            + "| \(format(entry.greedy.cer))% → \(format(entry.ours.cer))% | \(format(entry.theirs.cer))% "
            + "| \(format(entry.greedy.recall))% → \(format(entry.ours.recall))% | \(format(entry.theirs.recall))% "
            + "| \(gap >= 0 ? "+" : "")\(format(gap)) "
            + "| \(format(entry.greedy.milliseconds / images, 0)) / \(format(entry.ours.milliseconds / images, 0)) "
            + "/ \(format(entry.theirs.milliseconds / images, 0)) "
            + "| \(format(entry.ours.finding / images, 1)) / \(format(entry.theirs.finding / images, 1)) "
            + "| \(entry.presenceMisses) |"
    }

    /// The text read on each truth row: each line goes to the row whose band holds its vertical centre and whose
    /// extent it overlaps (the nearest such row), and a row's lines are joined left to right.
    static func rowReads(_ text: CaptureText, _ image: Truth.Image) -> [String] {
        let width = Double(image.width), height = Double(image.height)
        var assigned = [[(x: Double, text: String)]](repeating: [], count: image.rows.count)
        for line in text.lines {
            let x0 = line.box.x * width, x1 = (line.box.x + line.box.width) * width
            let centre = (line.box.y + line.box.height / 2) * height
            var best: (index: Int, distance: Double)? = nil
            for (index, row) in image.rows.enumerated() {
                let top = row.box[1], bottom = row.box[3]
                let slack = (bottom - top) * 0.35
                guard centre >= top - slack, centre <= bottom + slack, x1 > row.box[0], x0 < row.box[2] else { continue }
                let distance = abs(centre - (top + bottom) / 2)
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
            if let best { assigned[best.index].append((x0, line.text)) }
        }
        return assigned.map { normalized($0.sorted { $0.x < $1.x }.map(\.text).joined(separator: " ")) }
    }

    /// Character edits and truth words found, row by row, summed.
    static func score(_ reads: [String], _ image: Truth.Image) -> Score {
        var score = Score()
        for (row, read) in zip(image.rows, reads) {
            let expected = normalized(row.text)
            score.rows += 1
            score.characters += expected.count
            score.edits += editDistance(Array(expected), Array(read))
            score.words += ScreenshotMaker.tokens(expected).count
            score.found += found(expected, read)
        }
        return score
    }

    /// How many of the words of `expected` are among the words of `read`.
    static func found(_ expected: String, _ read: String) -> Int {
        let words = ScreenshotMaker.tokens(expected)
        return Int((ScreenshotMaker.recall(expected: words, found: ScreenshotMaker.tokens(read))
            * Double(words.count)).rounded())
    }

    /// Prints the rows where two reads found different numbers of words: truth, the first, the second.
    static func compare(_ image: Truth.Image, _ ours: [String], _ theirs: [String],
                        names: (String, String) = ("ours", "theirs")) {
        for (row, (our, their)) in zip(image.rows, zip(ours, theirs)) {
            let expected = normalized(row.text)
            let difference = found(expected, our) - found(expected, their)
            guard difference != 0 else { continue }
            report("    [\(image.family) \(difference > 0 ? "+" : "")\(difference)] \(expected)\n        \(names.0):   \(our)"
                + "\n        \(names.1): \(their)")
        }
    }

    /// White space collapsed to single spaces, trimmed.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Levenshtein distance between two character sequences.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
