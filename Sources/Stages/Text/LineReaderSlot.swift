import Foundation
import Synchronization

/// The text stage's built-in line reader, loaded once, on first use, and shared by all workers (it holds
/// only weights), with a scratch of buffers per worker. Nil when the options ask for Tesseract's own
/// recognition or for several languages at once.
final class LineReaderSlot: Sendable {
    private let path: String?
    /// The language whose traineddata `path` names.
    private let language: String
    private let decoding: LineDecoding
    private let loaded: Mutex<LineRecognizer?> = Mutex(nil)
    /// Each worker's buffers.
    let scratches = PerWorker { () throws(ReadingError) in LineScratch() }

    init(options: TextReadingOptions) {
        decoding = options.dictionaryBeam ? .dictionaryBeam : .greedy
        language = options.languages.first ?? "eng"
        guard options.recognizer == .builtIn, options.languages.count == 1 else {
            path = nil
            return
        }
        let folder = options.dataPath ?? ProcessInfo.processInfo.environment["TESSDATA_PREFIX"]
            ?? "/usr/share/tesseract-ocr/5/tessdata"
        path = (folder as NSString).appendingPathComponent("\(options.languages[0]).traineddata")
    }

    func reader() throws(ReadingError) -> LineRecognizer? {
        guard let path else { return nil }
        if let reader = loaded.withLock({ $0 }) { return reader }
        guard FileManager.default.fileExists(atPath: path) else {
            throw .engine("cannot load language \"\(language)\": \(path) does not exist (is tesseract-ocr-\(language)"
                + " installed?)")
        }
        let reader = try LineRecognizer(traineddata: path, decoding: decoding)
        loaded.withLock { $0 = reader }
        return reader
    }
}
