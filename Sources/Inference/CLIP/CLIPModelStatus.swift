/// Whether CLIP weights are installed, for the CLI's status line and the `clip.embed` stage.
public enum CLIPModelStatus: Sendable, Equatable, CustomStringConvertible {
    /// Every required file is in the folder.
    case installed(path: String)
    /// Some required files are missing; image vectors stay pending until they are installed.
    case notInstalled(path: String, missing: [String])

    public var isInstalled: Bool {
        if case .installed = self { return true }
        return false
    }

    /// One line for `pool-pipeline status`.
    public var description: String {
        switch self {
        case .installed(let path):
            "CLIP model installed at \(path)"
        case .notInstalled(let path, let missing):
            "vectors pending: no CLIP weights installed at \(path) (missing \(missing.joined(separator: ", ")))"
        }
    }
}
