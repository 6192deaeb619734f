/// What the text stage did with one image: the presence check's findings and the work it then did. For
/// benchmarks, tests and diagnostics.
public struct TextReadingTrace: Sendable, Equatable {
    /// Letters found in rows by the presence check (nil when the image was too small to look at).
    public var letterCount: Int?
    /// Their median height in pixels of the working image.
    public var typicalLetterHeight: Double = 0
    /// True when recognition was skipped (no text found, or the image is too small to hold any).
    public var skipped = false
    /// Clockwise quarter turns applied to read the page upright.
    public var quarterTurns = 0
    /// The factor the image was scaled by for recognition.
    public var scale = 1.0
    /// Tesseract recognition passes run (2 when a turned copy was tried).
    public var recognitions = 0
    /// Orientation (OSD) checks run.
    public var orientationChecks = 0
    /// The built-in recogniser read sample lines turned upside down with more confidence than as they stand.
    public var looksUpsideDown = false
    /// The layout found no line on a page with letters in rows, so the page was read again as one block.
    public var readAsOneBlock = false
    /// CPU milliseconds the built-in recogniser's line finding took (our finder or Tesseract's layout analysis),
    /// all passes together; 0 with Tesseract's own recognition.
    public var lineFindingMilliseconds = 0.0
    /// CPU milliseconds of the presence check (with its scaled copy and polarity step).
    public var presenceMilliseconds = 0.0
    /// CPU milliseconds of the orientation (OSD) checks.
    public var orientationMilliseconds = 0.0
    /// CPU milliseconds the built-in recogniser spent reading lines (upside-down samples and inverted retries
    /// included); 0 with Tesseract's own recognition.
    public var readingMilliseconds = 0.0
    /// Photos: candidate rows our line finder found, and those the text-likeness test kept (`SceneText`).
    public var sceneCandidates = 0
    public var sceneKept = 0
    /// Photos: lines read, and those dropped as garbage reads (`GarbageReads`).
    public var sceneReadLines = 0
    public var sceneGarbageLines = 0

    public init() {}
}
