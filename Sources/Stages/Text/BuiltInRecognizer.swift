import CTesseract

/// The built-in line recogniser (LineRecognition's run of the traineddata's LSTM network) reading the lines that
/// Tesseract's layout analysis finds (option `recognizer: "builtin"`, the default).
struct BuiltInRecognizer: TextRecognizer {
    /// Finds the lines (layout analysis only).
    let layout: TesseractEngine
    let reader: LineRecognizer
    /// The calling worker's buffers.
    let scratch: LineScratch

    /// The network reads upside-down text confidently too, so its confidence says little; the sample lines read
    /// both ways do.
    var tellsUpsideDown: Bool { true }

    /// How much more confident the turned sample must be.
    static let upsideDownMargin = 0.05

    /// Lines read with less confidence than this (mean character probability) are tried inverted too, when
    /// the inverted retry is asked for.
    static let invertedRetryConfidence = 0.75

    func recognize(_ page: GrayImage, mode: TessPageSegMode, invert: Bool, checkUpsideDown: Bool, layoutScale: Double)
        throws(ReadingError) -> (lines: [TesseractEngine.Line], looksUpsideDown: Bool)
    {
        let boxes = findLines(page, mode: mode, scale: layoutScale)
        let rects = boxes.map { box in
            // The line with Tesseract's margin of 4 pixels, inside the image.
            let left = max(0, box.left - 4), top = max(0, box.top - 4)
            let right = min(page.width, box.right + 4), bottom = min(page.height, box.bottom + 4)
            return LineRecognizer.LineRect(left: left, top: top, width: right - left, height: bottom - top)
        }
        var reads = reader.recognizeWords(rects, in: page, scratch: scratch)
        if invert {
            // Tesseract's inverted retry, done here: weak lines are read again inverted, the better read kept.
            let weak = reads.indices.filter { reads[$0].confidence < Self.invertedRetryConfidence }
            let retried = reader.recognizeWords(weak.map { rects[$0] }, in: page, inverted: true, scratch: scratch)
            for (index, read) in zip(weak, retried) where read.confidence > reads[index].confidence {
                reads[index] = read
            }
        }
        let upsideDown = checkUpsideDown && looksUpsideDown(reads, rects: rects, in: page)
        let lines = zip(boxes, reads).compactMap { box, read -> TesseractEngine.Line? in
            guard !read.text.isEmpty else { return nil }
            return TesseractEngine.Line(text: read.text, left: box.left, top: box.top, right: box.right,
                                        bottom: box.bottom, confidence: read.confidence * 100)
        }
        return (lines, upsideDown)
    }

    /// The line boxes of `page`, found on a copy scaled by `scale` (at most 1) and mapped back to `page`'s
    /// pixels, widened to whole pixels and kept inside the page.
    private func findLines(_ page: GrayImage, mode: TessPageSegMode, scale: Double) -> [TesseractEngine.LineBox] {
        let small = scale < 1 ? page.scaled(by: scale) : page
        guard small.width != page.width || small.height != page.height else { return layout.findLines(page, mode: mode) }
        let sx = Double(page.width) / Double(small.width), sy = Double(page.height) / Double(small.height)
        return layout.findLines(small, mode: mode).compactMap { box in
            let left = max(0, Int((Double(box.left) * sx).rounded(.down)))
            let top = max(0, Int((Double(box.top) * sy).rounded(.down)))
            let right = min(page.width, Int((Double(box.right) * sx).rounded(.up)))
            let bottom = min(page.height, Int((Double(box.bottom) * sy).rounded(.up)))
            guard right > left, bottom > top else { return nil }
            return TesseractEngine.LineBox(left: left, top: top, right: right, bottom: bottom)
        }
    }

    /// Whether the page reads better upside down: its longest lines (up to three) read turned by 180 degrees
    /// with clearly more confidence than as they stand.
    private func looksUpsideDown(_ reads: [(text: String, confidence: Double)], rects: [LineRecognizer.LineRect],
                                 in page: GrayImage) -> Bool {
        let sample = reads.indices.filter { reads[$0].text.count >= 4 }
            .sorted { rects[$0].width > rects[$1].width }.prefix(3)
        guard !sample.isEmpty else { return false }
        let turned = reader.recognize(sample.map { rects[$0] }, in: page, upsideDown: true, scratch: scratch)
        let standing = sample.reduce(0) { $0 + reads[$1].confidence } / Double(sample.count)
        let flipped = turned.reduce(0) { $0 + $1.confidence } / Double(sample.count)
        return flipped > standing + Self.upsideDownMargin
    }
}
