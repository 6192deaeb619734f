/// Why an installed model file was refused: each case names the file.
public enum ModelFileError: Error, Equatable, CustomStringConvertible {
    /// The manifest lists a file the folder does not hold.
    case missing(file: String)
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The manifest itself is malformed.
    case badManifest(file: String, reason: String)
    /// The file has another size than published (a truncated download, usually).
    case wrongSize(file: String, expected: Int64, found: Int64)
    /// The file's SHA-256 is not the published one: a corrupt or substituted file.
    case wrongDigest(file: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .missing(let file): "\(file): model file missing"
        case .unreadable(let file, let reason): "\(file): cannot read the model file: \(reason)"
        case .badManifest(let file, let reason): "\(file): not a valid model manifest: \(reason)"
        case .wrongSize(let file, let expected, let found):
            "\(file): \(found) bytes, the published file has \(expected); re-download it"
        case .wrongDigest(let file, let expected, let found):
            "\(file): SHA-256 \(found) is not the published \(expected); refusing to use it, re-download it"
        }
    }
}
