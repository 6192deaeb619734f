import CTesseract
import LineFinding

/// The built-in line recogniser (LineRecognition's run of the traineddata's LSTM network) reading the lines that
/// our own `LineFinder` or Tesseract's layout analysis finds (options `recognizer: "builtin"`, the default, and
/// `lineFinder`).
struct BuiltInRecognizer: TextRecognizer {
    /// Gives the Tesseract engine that finds the lines when neither `finder` nor `scene` is set (layout analysis
    /// only); called only then, so a pipeline on our own finders never loads Tesseract.
    let layout: () throws(ReadingError) -> TesseractEngine
    let reader: LineRecognizer
    /// The calling worker's buffers.
    let scratch: LineScratch
    /// Our own line finder; nil: Tesseract's layout analysis.
    var finder: LineFinder? = nil
    /// Where the CPU time spent finding lines is added up (benchmarks), if anywhere.
    var finding: CPUTally? = nil
    /// Photos: our finder's rows kept only when they look like text, and garbage reads dropped (`SceneText`,
    /// `GarbageReads`); used instead of `finder` and Tesseract's layout when set.
    var scene: SceneText? = nil
    /// Where the CPU time spent reading lines is added up, if anywhere.
    var reading: CPUTally? = nil
    /// Where the scene-text path's counts go, if anywhere.
    var sceneCounts: SceneCounts? = nil

    /// Tesseract's page segmentation mode changes the lines only when Tesseract's layout finds them.
    var followsPageSegmentation: Bool { finder == nil && scene == nil }

    /// The network reads upside-down text confidently too, so its confidence says little; the sample lines read
    /// both ways do.
    var tellsUpsideDown: Bool { true }

    /// How much more confident the turned sample must be.
    static let upsideDownMargin = 0.05
    /// How far above 1 rounding may put a mean of probabilities (a sum of floats divided in doubles).
    static let confidenceSlack = 1e-6

    /// Lines read with less confidence than this (mean character probability) are tried inverted too, when
    /// the inverted retry is asked for or the line finder could not tell their polarity.
    static let invertedRetryConfidence = 0.75
    /// How much more confident the other polarity's read of a line of uncertain polarity must be (gray form
    /// fields read the wrong way round: 0.05-0.38, the right way 0.64-0.95).
    static let uncertainPolarityMargin = 0.15

    func recognize(_ page: GrayImage, mode: TessPageSegMode, invert: Bool, checkUpsideDown: Bool, layoutScale: Double)
        throws(ReadingError) -> (lines: [TesseractEngine.Line], looksUpsideDown: Bool)
    {
        let found = try findLines(page, mode: mode, scale: layoutScale)
        let boxes = found.map(\.box)
        let light = found.map(\.light)
        let uncertain = found.map(\.uncertain)
        let rects = boxes.map { box in
            // The line with Tesseract's margin of 4 pixels, inside the image.
            let left = max(0, box.left - 4), top = max(0, box.top - 4)
            let right = min(page.width, box.right + 4), bottom = min(page.height, box.bottom + 4)
            return LineRecognizer.LineRect(left: left, top: top, width: right - left, height: bottom - top)
        }
        let readingStarted = CPUTally.now()
        defer { reading?.add(since: readingStarted) }
        var reads = readWords(rects.indices, rects: rects, light: light, page: page, flipped: false)
        // Tesseract's inverted retry, done here: weak lines are read again inverted, the better read kept; when
        // not asked for, weak lines whose polarity the finder could not tell (`FoundLine.polarityUncertain`).
        let weak = reads.indices.filter {
            reads[$0].confidence < Self.invertedRetryConfidence && (invert || uncertain[$0])
        }
        if !weak.isEmpty {
            let retried = readWords(weak, rects: rects, light: light, page: page, flipped: true)
            // Uncertain lines only: the other way round must read clearly better (outlined letters over a photo
            // read inverted a little more confidently, with the halo between words read as letters).
            let margin = invert ? 0 : Self.uncertainPolarityMargin
            for (index, read) in zip(weak, retried) where read.confidence > reads[index].confidence + margin {
                reads[index] = read
            }
        }
        let upsideDown = checkUpsideDown && looksUpsideDown(reads, rects: rects, light: light, in: page)
        if scene != nil {
            let garbage = reads.filter { !$0.text.isEmpty && GarbageReads.isGarbage($0.text, confidence: $0.confidence) }
            sceneCounts?.add(read: reads.filter { !$0.text.isEmpty }.count, garbage: garbage.count)
        }
        let lines = zip(boxes, reads).compactMap { box, read -> TesseractEngine.Line? in
            guard !read.text.isEmpty else { return nil }
            if scene != nil && GarbageReads.isGarbage(read.text, confidence: read.confidence) { return nil }
            return TesseractEngine.Line(text: read.text, left: box.left, top: box.top, right: box.right,
                                        bottom: box.bottom, confidence: read.confidence * 100)
        }
        return (lines, upsideDown)
    }

    /// Reads the lines `indices` of `rects` word by word, light-on-dark lines inverted (`flipped`: the other way
    /// round), in one batch per polarity; the reads in the order of `indices`.
    private func readWords(_ indices: some Collection<Int>, rects: [LineRecognizer.LineRect], light: [Bool],
                           page: GrayImage, flipped: Bool) -> [(text: String, confidence: Double)] {
        let order = Array(indices)
        var reads = [(text: String, confidence: Double)](repeating: ("", 0), count: order.count)
        for inverted in [false, true] {
            let positions = order.indices.filter { (light[order[$0]] != flipped) == inverted }
            guard !positions.isEmpty else { continue }
            let batch = reader.recognizeWords(positions.map { rects[order[$0]] }, in: page, inverted: inverted,
                                              scratch: scratch)
            for (position, read) in zip(positions, batch) { reads[position] = read }
        }
        return reads
    }

    /// The line boxes of `page`, found on a copy scaled by `scale` (at most 1) and mapped back to `page`'s
    /// pixels, widened to whole pixels and kept inside the page, each with whether its letters are light on
    /// darker ground and whether that was hard to tell (only our finders tell).
    private func findLines(_ page: GrayImage, mode: TessPageSegMode, scale: Double)
        throws(ReadingError) -> [(box: TesseractEngine.LineBox, light: Bool, uncertain: Bool)]
    {
        let started = CPUTally.now()
        defer { finding?.add(since: started) }
        let small = scale < 1 ? page.scaled(by: scale) : page
        let found: [(box: TesseractEngine.LineBox, light: Bool, uncertain: Bool)]
        if let scene {
            let (lines, candidates) = scene.lines(in: small)
            sceneCounts?.add(candidates: candidates, kept: lines.count)
            found = lines.map {
                (TesseractEngine.LineBox(left: $0.left, top: $0.top, right: $0.right, bottom: $0.bottom), $0.lightOnDark,
                 $0.polarityUncertain)
            }
        } else if let finder {
            found = finder.lines(in: small).map {
                (TesseractEngine.LineBox(left: $0.left, top: $0.top, right: $0.right, bottom: $0.bottom), $0.lightOnDark,
                 $0.polarityUncertain)
            }
        } else {
            found = try layout().findLines(small, mode: mode).map { ($0, false, false) }
        }
        guard small.width != page.width || small.height != page.height else { return found }
        let sx = Double(page.width) / Double(small.width), sy = Double(page.height) / Double(small.height)
        return found.compactMap { line in
            let box = line.box
            let left = max(0, Int((Double(box.left) * sx).rounded(.down)))
            let top = max(0, Int((Double(box.top) * sy).rounded(.down)))
            let right = min(page.width, Int((Double(box.right) * sx).rounded(.up)))
            let bottom = min(page.height, Int((Double(box.bottom) * sy).rounded(.up)))
            guard right > left, bottom > top else { return nil }
            return (TesseractEngine.LineBox(left: left, top: top, right: right, bottom: bottom), line.light,
                    line.uncertain)
        }
    }

    /// Whether the page reads better upside down: its longest lines (up to three) read turned by 180 degrees
    /// with clearly more confidence than as they stand.
    private func looksUpsideDown(_ reads: [(text: String, confidence: Double)], rects: [LineRecognizer.LineRect],
                                 light: [Bool], in page: GrayImage) -> Bool {
        // Lines of the page's main polarity only, so the sample is one batch.
        let inverted = light.filter { $0 }.count * 2 > light.count
        let sample = reads.indices.filter { reads[$0].text.count >= 4 && light[$0] == inverted }
            .sorted { rects[$0].width > rects[$1].width }.prefix(3)
        guard !sample.isEmpty else { return false }
        // A confidence is a mean probability, at most 1: when the lines as they stand are read within the margin
        // of that, no turned read can beat them by the margin, and reading them turned would change nothing.
        let standing = sample.reduce(0) { $0 + reads[$1].confidence } / Double(sample.count)
        guard standing + Self.upsideDownMargin <= 1 + Self.confidenceSlack else { return false }
        let turned = reader.confidences(sample.map { rects[$0] }, in: page, inverted: inverted, upsideDown: true,
                                        scratch: scratch)
        let flipped = turned.reduce(0, +) / Double(sample.count)
        return flipped > standing + Self.upsideDownMargin
    }
}
