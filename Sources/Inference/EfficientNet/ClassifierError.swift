/// Why the classifier could not load its weights. The message names the file, and the tensor where there is one.
public enum ClassifierError: Error, Equatable, CustomStringConvertible {
    /// No weights file at this path (the setup step that converts them has not run).
    case weightsMissing(file: String)
    /// The file exists but is not usable weights: unreadable, truncated, a bad header, or a tensor missing or of
    /// the wrong shape. `reason` is the reader's message, which names the file and tensor.
    case weightsInvalid(file: String, reason: String)

    public var description: String {
        switch self {
        case .weightsMissing(let file):
            "\(file): no EfficientNet-Lite0 weights file; run scripts/setup, which installs them "
                + "(python3 scripts/classifier-convert.py --out \(Self.folder(of: file)))"
        case .weightsInvalid(_, let reason):
            "\(reason) (EfficientNet-Lite0 weights; run scripts/setup to convert them again)"
        }
    }

    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return file[..<slash].isEmpty ? "/" : String(file[..<slash])
    }
}
