import CTesseract
import Synchronization

/// One Tesseract instance (`TessBaseAPI`) initialised for a set of languages.
///
/// Not thread-safe: the text stage keeps one per worker and a worker makes one call at a time.
final class TesseractEngine: @unchecked Sendable {
    /// A line (or, for OSD, nothing) as Tesseract reports it, in the pixels of the image it was given.
    struct Line: Equatable {
        var text: String
        var left: Int, top: Int, right: Int, bottom: Int
        /// 0...100.
        var confidence: Double
    }

    /// A line's box in the pixels of the image it was found in.
    struct LineBox: Equatable {
        var left: Int, top: Int, right: Int, bottom: Int
    }

    private let handle: OpaquePointer

    /// Engines are made one at a time: Tesseract keeps some parameters (`debug_file`) in globals.
    private static let creation = Mutex(())

    /// Sends Tesseract's diagnostics ("Estimating resolution as ...") to /dev/null. `debug_file` is a global
    /// of Tesseract's, read by every instance while it works, so it is set once, before the first engine.
    private static let quiet: Void = {
        guard let scratch = TessBaseAPICreate() else { return }
        _ = TessBaseAPISetVariable(scratch, "debug_file", "/dev/null")
        TessBaseAPIDelete(scratch)
    }()

    /// - Parameters:
    ///   - dataPath: the tessdata folder, or nil for the system's.
    ///   - languages: traineddata names joined by `+` for Tesseract ("eng", "osd").
    ///   - engineMode: OEM_LSTM_ONLY for text, OEM_TESSERACT_ONLY for the OSD model.
    init(dataPath: String?, languages: [String], engineMode: TessOcrEngineMode,
         variables: [(String, String)]) throws(ReadingError) {
        let made: OpaquePointer? = Self.creation.withLock { _ in
            _ = Self.quiet
            return TessBaseAPICreate()
        }
        guard let handle = made else { throw .engine("cannot create a Tesseract instance") }
        // The handle is owned by `self` (and freed by `deinit`) only once it is fully set up; until then a
        // failure frees it here.
        let language = languages.joined(separator: "+")
        let status = Self.creation.withLock { _ in TessBaseAPIInit2(handle, dataPath, language, engineMode) }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw .engine("Tesseract cannot load language \"\(language)\" from \(dataPath ?? "the system tessdata")"
                + " (is tesseract-ocr-\(languages.first ?? "eng") installed?)")
        }
        for (name, value) in variables where TessBaseAPISetVariable(handle, name, value) == 0 {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw .engine("Tesseract has no variable \"\(name)\"")
        }
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    private func setImage(_ image: GrayImage) {
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1,
                                Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, 96)
    }

    /// Recognises `image` and returns its text lines in reading order.
    /// `invert` is Tesseract's inverted retry of weak words (`tessedit_do_invert`).
    func recognize(_ image: GrayImage, mode: TessPageSegMode, invert: Bool) throws(ReadingError) -> [Line] {
        TessBaseAPISetPageSegMode(handle, mode)
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", invert ? "1" : "0")
        setImage(image)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw .engine("Tesseract failed to recognise the image") }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var lines: [Line] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            let text = String(cString: raw).trimmingWhitespace()
            TessDeleteText(raw)
            guard !text.isEmpty else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            TessPageIteratorBoundingBox(page, RIL_TEXTLINE, &left, &top, &right, &bottom)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE))
            lines.append(Line(text: text, left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom),
                              confidence: confidence))
        } while TessResultIteratorNext(iterator, RIL_TEXTLINE) != 0
        return lines
    }

    /// Finds the lines of text in `image` without reading them (Tesseract's layout analysis in `mode`): their
    /// boxes in reading order.
    func findLines(_ image: GrayImage, mode: TessPageSegMode) -> [LineBox] {
        TessBaseAPISetPageSegMode(handle, mode)
        setImage(image)
        defer { TessBaseAPIClear(handle) }
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return [] }
        defer { TessPageIteratorDelete(iterator) }
        var lines: [LineBox] = []
        repeat {
            guard Self.holdsText(TessPageIteratorBlockType(iterator)) else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0,
                  right > left, bottom > top else { continue }
            lines.append(LineBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom)))
        } while TessPageIteratorNext(iterator, RIL_TEXTLINE) != 0
        return lines
    }

    /// Whether Tesseract reads a block of this type (not pictures, rules or noise).
    private static func holdsText(_ type: TessPolyBlockType) -> Bool {
        [PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_TABLE, PT_VERTICAL_TEXT, PT_CAPTION_TEXT,
         PT_INLINE_EQUATION].contains(type)
    }

    /// Orientation and script detection (needs the engine made with the "osd" language): how many degrees the
    /// page is turned clockwise (0, 90, 180, 270) and Tesseract's confidence, or nil when it cannot tell.
    func detectOrientation(_ image: GrayImage) -> (degrees: Int, confidence: Double)? {
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
        setImage(image)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0, orientationConfidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>? = nil
        // Tesseract 5 points `script` into its own unicharset: it must not be freed, whatever capi.h says.
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &orientationConfidence, &script,
                                                 &scriptConfidence) != 0 else { return nil }
        return (Int(degrees), Double(orientationConfidence))
    }
}
