/// How the text stage reads: languages, page segmentation and the preprocessing steps, each of which can be
/// switched off (the benchmarks measure them one by one).
public struct TextReadingOptions: Sendable, Equatable {
    /// Tesseract traineddata names ("eng", "deu"), tried together.
    public var languages: [String] = ["eng"]
    /// The tessdata folder; nil for the system's (`/usr/share/tesseract-ocr/5/tessdata` on Debian).
    public var dataPath: String? = nil
    /// Who reads the lines Tesseract finds: this module's own run of the traineddata's LSTM network
    /// (`builtIn`), or Tesseract itself.
    public var recognizer: TextRecognizerKind = .builtIn
    /// The built-in recogniser decodes with a beam and the traineddata's dictionaries, as Tesseract does;
    /// false: the best code at each step (greedy, faster, more single-letter errors).
    public var dictionaryBeam: Bool = true
    /// Who finds the lines the built-in recogniser reads: our own `LineFinder` (`builtIn`: local binarisation,
    /// components grouped into rows split at wide gaps; docs/reading.md, screenshots only; the default) or
    /// Tesseract's layout analysis. Tesseract's own recognition always finds its lines itself.
    public var lineFinder: LineFinderKind = .builtIn
    /// Photos read by the built-in recogniser: our `LineFinder` finds candidate rows, only those that look like
    /// text (`SceneText`: letter heights, strokes, baseline, spacing, clean ground) are read, and reads that are
    /// garbage (`GarbageReads`) are dropped; false: Tesseract's layout analysis on the whole photo (slower; scene
    /// texture read as words). docs/reading.md, "Photos".
    public var sceneText: Bool = true
    /// Tesseract's page segmentation mode (3 = automatic, 11 = sparse text, 6 = one block, ...).
    public var pageSegmentationMode: Int = 3
    /// Skip recognition when the text-presence check finds no rows of letters.
    public var skipWithoutText: Bool = true
    /// Turn light-on-dark regions into dark-on-light before recognition.
    public var normalizePolarity: Bool = true
    /// Apply `normalizePolarity` to photos too; by default photos use Tesseract's inverted retry instead.
    public var invertRegionsOnPhotos: Bool = false
    /// The inverted retry of weak lines (Tesseract's `tessedit_do_invert`; the built-in recogniser does the
    /// same for lines it is unsure of); slow, and redundant with `normalizePolarity`.
    public var tesseractInvert: Bool = false
    /// Detect pages turned by 90, 180 or 270 degrees (with Tesseract's OSD model) and read them upright.
    public var correctRotation: Bool = true
    /// Letters shorter than this (pixels, median component height) are scaled up towards it.
    public var minimumLetterHeight: Double = 12
    /// The largest factor small text is scaled up by.
    public var maximumUpscale: Double = 3
    /// Where the built-in recogniser's line finding (Tesseract's layout analysis) may look at a smaller copy of
    /// the page than the one the lines are read from: on a page scaled up for small letters, the copy is scaled
    /// up only until its letters are this high (pixels), or not at all; nil: the page as read.
    public var layoutMinimumLetterHeight: Double? = nil
    /// Pages whose letters are taller than this (pixels) have their lines found on a copy shrunk to letters of
    /// this height; nil: no limit. The lines are read from the page at full size either way.
    public var layoutMaximumLetterHeight: Double? = nil
    /// Lines Tesseract is less sure of than this (0...1) are dropped.
    public var minimumLineConfidence: Double = 0
    /// Keep Tesseract's OpenMP loops on the calling thread (see `OpenMPThreads`). Off only to measure what
    /// Tesseract costs as Debian ships it.
    public var limitOpenMP: Bool = true
    /// Images with more pixels than this fail instead of being read (the decode stage shrinks large files;
    /// this guards against a working image that was not).
    public var maximumPixels: Int = 40_000_000

    public init() {}
}

/// Who reads the text lines: see `TextReadingOptions.recognizer` (each case is a `TextRecognizer`).
public enum TextRecognizerKind: String, Sendable, Equatable, CaseIterable {
    /// The traineddata's LSTM network run by this module (one language at a time).
    case builtIn = "builtin"
    /// Tesseract's own recognition.
    case tesseract
}

/// Who finds the lines the built-in recogniser reads: see `TextReadingOptions.lineFinder`.
public enum LineFinderKind: String, Sendable, Equatable, CaseIterable {
    /// `LineFinder` (module LineFinding).
    case builtIn = "builtin"
    /// Tesseract's layout analysis (`TessBaseAPIAnalyseLayout`, page segmentation mode `pageSegmentationMode`).
    case tesseract
}
