import CTesseract
import Captures

/// Reads the text of one image: preprocessing (gray, polarity, presence check, scale, rotation), a
/// `TextRecognizer`, and boxes mapped back to the image as it came.
struct TextReader {
    var options: TextReadingOptions
    /// Look for text before reading (skip, scale small letters up, see whether rows run down the page). Off for
    /// photos on the scene-text path, whose own row test decides and whose lines are found at the photo's scale.
    var presenceCheck = true

    /// Reads `image` with `recognizer`; `orientationEngine` gives the OSD engine when a rotation check is needed.
    func read(_ image: RGBImage, recognizer: some TextRecognizer,
              orientationEngine: () throws(ReadingError) -> TesseractEngine) throws(ReadingError)
        -> (text: CaptureText, trace: TextReadingTrace)
    {
        var trace = TextReadingTrace()
        guard image.width > 0, image.height > 0 else { throw .unusableImage("the image is empty (0 pixels)") }
        guard image.width * image.height <= options.maximumPixels else {
            throw .unusableImage("\(image.width)x\(image.height) exceeds the text stage's limit of "
                + "\(options.maximumPixels) pixels")
        }
        // Tesseract cannot find a letter in fewer pixels than this, and warns on tiny images.
        guard min(image.width, image.height) >= 8 else {
            trace.skipped = true
            return (CaptureText(lines: []), trace)
        }
        OpenMPThreads.configureCurrentThread(singleThreaded: options.limitOpenMP)
        var gray = GrayImage(image)
        guard options.skipWithoutText || options.minimumLetterHeight > 0 || options.correctRotation else {
            // Plain Tesseract: nothing to look at before recognition.
            if options.normalizePolarity { gray = gray.darkOnLight(radius: Self.polarityRadius(gray)).image }
            let lines = try recognize(gray, turns: 0, recognizer: recognizer, trace: &trace)
            return (CaptureText(lines: finish(lines, turns: 0, scale: 1, gray: gray)), trace)
        }
        let presenceStarted = CPUTally.now()
        let (presence, small, checkFactor) = presenceCheck
            ? Self.lookForText(gray, normalizePolarity: options.normalizePolarity)
            : (TextPresence(acrossCount: 0, downCount: 0, typicalHeight: 0, longestRow: 0), gray, 1)
        trace.presenceMilliseconds = CPUTally.now() - presenceStarted
        trace.letterCount = presence.letterCount
        trace.typicalLetterHeight = presence.typicalHeight
        if presenceCheck && options.skipWithoutText && !presence.hasText {
            trace.skipped = true
            return (CaptureText(lines: []), trace)
        }
        if options.normalizePolarity {
            gray = checkFactor < 1 ? gray.darkOnLight(radius: Self.polarityRadius(gray)).image : small
        }
        if presence.typicalHeight > 0 && presence.typicalHeight < options.minimumLetterHeight {
            trace.scale = min(options.maximumUpscale, options.minimumLetterHeight / presence.typicalHeight)
        }

        var turns = 0
        if options.correctRotation && presence.runsDown {
            turns = try uprightTurns(gray, engine: orientationEngine, trace: &trace) ?? 1
        }
        var lines = try recognize(gray, turns: turns, recognizer: recognizer, trace: &trace)
        let turnedReadingTried = turns != 0
        if turnedReadingTried {
            // Rows that seem to run down are also columns of short labels stacked over their values (a desktop
            // boarding pass at 9 px, parity seed 2027): the page is turned only when its turned reading beats the
            // upright one.
            let upright = try recognize(gray, turns: 0, recognizer: recognizer, trace: &trace)
            if Self.score(upright) >= Self.score(lines) {
                lines = upright
                turns = 0
            }
        }
        if lines.isEmpty && presence.longestRow >= Self.oneBlockRow && options.pageSegmentationMode != Self.oneBlock
            && recognizer.followsPageSegmentation {
            // Letters stand in long rows, yet the layout found no line: it took them for rules and pictures (a
            // private-key block, whose dashes a monospace font draws as one stroke). Read the page as one block,
            // keeping only lines read with some confidence (a photo's texture is read as weak noise).
            lines = try recognize(gray, turns: turns, recognizer: recognizer, trace: &trace, mode: Self.oneBlock)
                .filter { $0.confidence >= Self.oneBlockConfidence }
            trace.readAsOneBlock = true
        }
        if options.correctRotation && turns == 0 && recognizer.tellsUpsideDown {
            if trace.looksUpsideDown {
                let turned = try recognize(gray, turns: 2, recognizer: recognizer, trace: &trace)
                if Self.score(turned) > Self.score(lines) {
                    lines = turned
                    turns = 2
                }
            }
        } else if options.correctRotation && turns == 0 && !turnedReadingTried && Self.looksWrong(lines) {
            if let better = try uprightTurns(gray, engine: orientationEngine, trace: &trace), better != 0 {
                let turned = try recognize(gray, turns: better, recognizer: recognizer,
                                           trace: &trace)
                if Self.score(turned) > Self.score(lines) {
                    lines = turned
                    turns = better
                }
            }
        }
        trace.quarterTurns = turns
        return (CaptureText(lines: finish(lines, turns: turns, scale: trace.scale, gray: gray)), trace)
    }

    /// Drops weak lines and maps the rest back to the image as it came.
    private func finish(_ lines: [TesseractEngine.Line], turns: Int, scale: Double, gray: GrayImage) -> [TextLine] {
        lines.filter { $0.confidence / 100 >= options.minimumLineConfidence }
            .map { map($0, turns: turns, scale: scale, width: gray.width, height: gray.height) }
    }

    /// Tesseract's page segmentation mode for one uniform block of text (no search for columns, rules, pictures).
    static let oneBlock = 6
    /// The fewest letters linked in one row for a page without lines to be read again as one block.
    static let oneBlockRow = 8
    /// The least confidence (0...100) of a line kept from that second reading.
    static let oneBlockConfidence = 25.0

    private func recognize(_ gray: GrayImage, turns: Int, recognizer: some TextRecognizer,
                           trace: inout TextReadingTrace, mode: Int? = nil)
        throws(ReadingError) -> [TesseractEngine.Line] {
        var work = gray.rotated(quarterTurns: turns)
        if trace.scale != 1 { work = work.scaled(by: trace.scale) }
        trace.recognitions += 1
        let mode = TessPageSegMode(UInt32(mode ?? options.pageSegmentationMode))
        let checkUpsideDown = turns == 0 && options.correctRotation && recognizer.tellsUpsideDown
        let read = try recognizer.recognize(work, mode: mode, invert: options.tesseractInvert,
                                            checkUpsideDown: checkUpsideDown, layoutScale: layoutScale(trace))
        if checkUpsideDown { trace.looksUpsideDown = read.looksUpsideDown }
        return read.lines
    }

    /// The scale of the copy the lines are found on (`layoutMinimumLetterHeight`, `layoutMaximumLetterHeight`),
    /// from the letters' height in the page as read.
    private func layoutScale(_ trace: TextReadingTrace) -> Double {
        let height = trace.typicalLetterHeight * trace.scale
        guard height > 0 else { return 1 }
        var target = height
        if let highest = options.layoutMaximumLetterHeight, target > highest { target = highest }
        if let lowest = options.layoutMinimumLetterHeight, trace.scale > 1 {
            target = min(target, max(lowest, height / trace.scale))
        }
        return min(1, target / height)
    }

    /// The clockwise quarter turns that make the page upright, by Tesseract's OSD, or nil when it cannot tell.
    private func uprightTurns(_ gray: GrayImage, engine: () throws(ReadingError) -> TesseractEngine,
                              trace: inout TextReadingTrace) throws(ReadingError) -> Int? {
        trace.orientationChecks += 1
        let started = CPUTally.now()
        defer { trace.orientationMilliseconds += CPUTally.now() - started }
        let osd = try engine()
        let work = trace.scale != 1 ? gray.scaled(by: trace.scale) : gray
        guard let found = osd.detectOrientation(work), found.confidence >= 1.5 else { return nil }
        // OSD reports how far the page is turned counter-clockwise; turning it back is clockwise.
        return ((found.degrees / 90) % 4 + 4) % 4 == 0 ? 0 : (4 - found.degrees / 90) % 4
    }

    /// The presence check. It looks at a copy whose long side is at most 1000 px, so photos are skipped cheaply,
    /// for dark letters and, when it finds none, for light ones; returns that copy (polarity normalised when
    /// asked) and its scale too.
    static func lookForText(_ gray: GrayImage, normalizePolarity: Bool)
        -> (presence: TextPresence, small: GrayImage, factor: Double)
    {
        let factor = min(1, 1000 / Double(max(gray.width, gray.height)))
        var small = factor < 1 ? gray.scaled(by: factor) : gray
        if normalizePolarity {
            small = small.darkOnLight(radius: polarityRadius(small)).image
        }
        let presence = TextPresence.analyze(small, scaledBy: factor)
        guard !presence.hasText else { return (presence, small, factor) }
        // Light text in a dense paragraph on mid-toned ground (white on teal): the letters lift the local mean
        // above mid-gray, so the polarity step leaves them light and the check sees no dark ink. Look at the
        // inverted copy too before calling the page textless.
        let inverted = TextPresence.analyze(GrayImage(width: small.width, height: small.height,
                                                      pixels: small.pixels.map { 255 - $0 }), scaledBy: factor)
        return (inverted.hasText ? inverted : presence, small, factor)
    }

    /// The neighbourhood that decides whether a pixel stands on dark ground: a 25th of the long side.
    private static func polarityRadius(_ image: GrayImage) -> Int { max(15, max(image.width, image.height) / 25) }

    /// Few confident words: the page may be upside down or on its side.
    static func looksWrong(_ lines: [TesseractEngine.Line]) -> Bool {
        let characters = lines.reduce(0) { $0 + $1.text.count }
        guard characters >= 8 else { return false }
        return meanConfidence(lines) < 60
    }

    private static func meanConfidence(_ lines: [TesseractEngine.Line]) -> Double {
        let characters = lines.reduce(0) { $0 + $1.text.count }
        guard characters > 0 else { return 0 }
        return lines.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(characters)
    }

    private static func score(_ lines: [TesseractEngine.Line]) -> Double {
        meanConfidence(lines) * Double(lines.reduce(0) { $0 + $1.text.count }).squareRoot()
    }

    /// A line's box in the recognised (turned, scaled) image, as a fraction of the original image.
    private func map(_ line: TesseractEngine.Line, turns: Int, scale: Double, width: Int, height: Int) -> TextLine {
        let l = Double(line.left) / scale, t = Double(line.top) / scale
        let r = Double(line.right) / scale, b = Double(line.bottom) / scale
        let w = Double(width), h = Double(height)
        let (x0, y0, x1, y1): (Double, Double, Double, Double)
        switch turns {
        case 1: (x0, y0, x1, y1) = (t, h - r, b, h - l)
        case 2: (x0, y0, x1, y1) = (w - r, h - b, w - l, h - t)
        case 3: (x0, y0, x1, y1) = (w - b, l, w - t, r)
        default: (x0, y0, x1, y1) = (l, t, r, b)
        }
        let box = NormalizedRect(x: clamp(x0 / w), y: clamp(y0 / h), width: clamp((x1 - x0) / w),
                                 height: clamp((y1 - y0) / h))
        return TextLine(text: line.text, box: box, confidence: clamp(line.confidence / 100))
    }

    private func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
}
