/// Why a CLIP model folder could not be loaded or used. Each case names the file and, where there is one, the
/// field or tensor, so the message says what to fix or re-install.
public enum CLIPError: Error, Equatable, CustomStringConvertible {
    /// A file of the model folder is missing or cannot be read.
    case unreadable(file: String, reason: String)
    /// `config.json` (or `preprocessor_config.json`) has a field the model cannot use.
    case badConfig(file: String, field: String, reason: String)
    /// `vocab.json` or `merges.txt` is malformed.
    case badTokenizer(file: String, reason: String)
    /// The image cannot be embedded (empty image).
    case badImage(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
        case .badConfig(let file, let field, let reason): "\(file): field \"\(field)\": \(reason)"
        case .badTokenizer(let file, let reason): "\(file): not a valid CLIP tokenizer file: \(reason)"
        case .badImage(let reason): "cannot embed the image: \(reason)"
        }
    }
}
