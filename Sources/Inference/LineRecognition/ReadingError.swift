/// Why a reading stage failed a capture, or could not start.
public enum ReadingError: Error, Equatable, CustomStringConvertible {
    /// Tesseract could not be created, loaded or run.
    case engine(String)
    /// The image cannot be read as it is (empty, or larger than the stage will hold).
    case unusableImage(String)
    /// zxing-cpp reported an error.
    case codeReader(String)

    public var description: String {
        switch self {
        case .engine(let reason): "text reader: \(reason)"
        case .unusableImage(let reason): "unusable image: \(reason)"
        case .codeReader(let reason): "code reader: \(reason)"
        }
    }
}
