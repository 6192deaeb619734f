import CTesseract

/// Who reads the lines of text on a page for the text stage: Tesseract's own recognition
/// (`TesseractRecognizer`) or the built-in line recogniser on the lines Tesseract's layout analysis finds
/// (`BuiltInRecognizer`). `TextReader` prepares the page (gray, polarity, scale, turns) and maps the lines back.
protocol TextRecognizer {
    /// Whether `recognize` can tell an upside-down page itself (`looksUpsideDown`); when it cannot, a weak read is
    /// checked with Tesseract's orientation model instead.
    var tellsUpsideDown: Bool { get }

    /// Whether the lines found depend on Tesseract's page segmentation mode (a second pass in another mode can
    /// find other lines).
    var followsPageSegmentation: Bool { get }

    /// The lines of `page` in reading order, in its pixels, with confidence 0...100; `invert` asks for the
    /// inverted retry of weak lines, `checkUpsideDown` for the upside-down check (ignored when
    /// `tellsUpsideDown` is false: `looksUpsideDown` is then false). `layoutScale` (at most 1) is the scale of
    /// the copy of `page` the lines may be found on; lines are read from `page` itself.
    func recognize(_ page: GrayImage, mode: TessPageSegMode, invert: Bool, checkUpsideDown: Bool, layoutScale: Double)
        throws(ReadingError) -> (lines: [TesseractEngine.Line], looksUpsideDown: Bool)
}

/// Tesseract's own recognition (option `recognizer: "tesseract"`, or several languages at once).
struct TesseractRecognizer: TextRecognizer {
    let engine: TesseractEngine

    var tellsUpsideDown: Bool { false }
    var followsPageSegmentation: Bool { true }

    /// Tesseract finds and reads the lines in one pass on `page`: `layoutScale` does not apply.
    func recognize(_ page: GrayImage, mode: TessPageSegMode, invert: Bool, checkUpsideDown: Bool, layoutScale: Double)
        throws(ReadingError) -> (lines: [TesseractEngine.Line], looksUpsideDown: Bool)
    {
        (try engine.recognize(page, mode: mode, invert: invert), false)
    }
}
