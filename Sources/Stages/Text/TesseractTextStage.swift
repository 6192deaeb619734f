import CTesseract
import Captures
import LineFinding
import Runner

/// The text (OCR) stage, kind `tesseract.text`: reads the lines of text in a decoded capture, with boxes and
/// confidence, in reading order: Tesseract finds the lines, a `TextRecognizer` reads them (the built-in line
/// recogniser by default, or Tesseract's own recognition).
///
/// Each worker gets its own Tesseract instance, made the first time it is needed (never on our own line finders); so
/// does the orientation (OSD) model, made only when a page looks turned.
public struct TesseractTextStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = CaptureText

    public let options: TextReadingOptions
    private let engines: PerWorker<TesseractEngine>
    private let orientationEngines: PerWorker<TesseractEngine>
    /// The built-in line reader, loaded on first use when `options.recognizer` asks for it.
    private let lineReader: LineReaderSlot

    public init(options: TextReadingOptions = TextReadingOptions()) {
        self.options = options
        let dataPath = options.dataPath, languages = options.languages
        engines = PerWorker { () throws(ReadingError) in
            try TesseractEngine(dataPath: dataPath, languages: languages, engineMode: OEM_LSTM_ONLY, variables: [])
        }
        lineReader = LineReaderSlot(options: options)
        orientationEngines = PerWorker { () throws(ReadingError) in
            try TesseractEngine(dataPath: dataPath, languages: ["osd"], engineMode: OEM_TESSERACT_ONLY,
                                variables: [])
        }
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> CaptureText {
        try read(input.image, kind: input.metadata.kind, worker: context.worker).text
    }

    /// Reads one image on `worker`'s engine, with what the reader did (for benchmarks and tests).
    ///
    /// For a photo (unless `invertRegionsOnPhotos`), light-on-dark regions are left to Tesseract's own
    /// inverted retry: in scenes the local-mean inversion turns dark surroundings of a light sign into a frame
    /// that Tesseract misreads (measured in docs/reading.md). Photos also keep Tesseract's layout analysis with
    /// `lineFinder: "builtin"`: our finder takes scene texture for rows of letters (docs/reading.md, "Our own
    /// line finder").
    public func read(_ image: RGBImage, kind: CaptureMetadata.Kind = .screenshot, worker: Int = 0)
        throws(ReadingError) -> (text: CaptureText, trace: TextReadingTrace)
    {
        let engines = engines, orientation = orientationEngines
        var options = options
        // Photos on the scene-text path: our finder looks at both inks and reads light rows inverted itself; its row
        // test replaces the presence check (no skip, no scaling up, no sideways check: the decode stage has put the
        // photo upright by its EXIF orientation); an upside-down photo is still caught by the recogniser.
        let scenePhoto = kind == .photo && options.sceneText && options.recognizer == .builtIn
            && options.languages.count == 1
        if scenePhoto {
            options.normalizePolarity = false
            options.tesseractInvert = false
        } else if kind == .photo && !options.invertRegionsOnPhotos && options.normalizePolarity {
            options.normalizePolarity = false
            options.tesseractInvert = true
        }
        var reader = TextReader(options: options)
        reader.presenceCheck = !scenePhoto
        let orientationEngine = { () throws(ReadingError) in try orientation.value(for: worker) }
        if let lineRecognizer = try lineReader.reader() {
            let scratch = try lineReader.scratches.value(for: worker)
            let tally = CPUTally(), reading = CPUTally(), counts = SceneCounts()
            let layout = { () throws(ReadingError) in try engines.value(for: worker) }
            let recognizer = BuiltInRecognizer(layout: layout, reader: lineRecognizer, scratch: scratch,
                                               finder: options.lineFinder == .builtIn && kind != .photo
                                                   ? LineFinder() : nil,
                                               finding: tally, scene: scenePhoto ? SceneText() : nil,
                                               reading: reading, sceneCounts: counts)
            var result = try reader.read(image, recognizer: recognizer, orientationEngine: orientationEngine)
            result.trace.lineFindingMilliseconds = tally.milliseconds
            result.trace.readingMilliseconds = reading.milliseconds
            counts.record(into: &result.trace)
            return result
        }
        return try reader.read(image, recognizer: TesseractRecognizer(engine: engines.value(for: worker)),
                               orientationEngine: orientationEngine)
    }

    /// The cheap text-presence check alone, as the stage runs it before recognition: the number of letters it
    /// found standing in rows, and whether that is enough to count as text.
    public static func presenceCheck(_ image: RGBImage) -> (letters: Int, hasText: Bool) {
        guard min(image.width, image.height) >= 8 else { return (0, false) }
        let presence = TextReader.lookForText(GrayImage(image), normalizePolarity: true).presence
        return (presence.letterCount, presence.hasText)
    }

    /// Loads what reading needs now, so a missing language fails when the pipeline loads, not per capture: the
    /// built-in line reader, and worker 0's Tesseract engine only when something will use it (Tesseract's own
    /// recognition, its layout analysis, or photos off the scene-text path). On our own finders no Tesseract
    /// engine is ever made: each costs about 0.15 s of CPU to load, per worker.
    public func prepare() throws {
        let builtIn = try lineReader.reader() != nil
        if !builtIn || options.lineFinder != .builtIn || !options.sceneText {
            _ = try engines.value(for: 0)
        }
    }
}
