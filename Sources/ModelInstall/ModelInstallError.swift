import HTTPTransfer
import ModelEngine

/// Why installing, verifying or removing the models failed. Each case names the file or URL.
public enum ModelInstallError: Error, Equatable, CustomStringConvertible {
    /// Another process is installing into the same folder.
    case busy(root: String)
    /// The manifest could not be fetched (a wrong app key is an HTTP 401 or 403 here).
    case manifestUnavailable(HTTPError)
    /// The manifest does not parse, or names files that cannot be.
    case badManifest(ModelFileError)
    /// A model file could not be downloaded.
    case download(file: String, HTTPError)
    /// A downloaded or installed file is not the published one; it has been deleted.
    case refused(ModelFileError)
    /// A local file or folder could not be written, moved or removed.
    case io(path: String, reason: String)
    /// `verify` with nothing installed.
    case notInstalled(root: String)
    /// No models service is configured.
    case noService

    public var description: String {
        switch self {
        case .busy(let root): "another process is installing models into \(root)"
        case .manifestUnavailable(let error):
            if case .status(let url, let code, _) = error, code == 401 || code == 403 {
                "\(url): the models service refused the app key (HTTP \(code)); check POOL_MODELS_KEY"
            } else {
                "cannot fetch the models manifest: \(error)"
            }
        case .badManifest(let error): "\(error)"
        case .download(let file, let error): "\(file): download failed: \(error)"
        case .refused(let error): "\(error) (the file was deleted)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .notInstalled(let root): "no model installed in \(root)"
        case .noService: "no models service configured: set POOL_MODELS_URL (and POOL_MODELS_KEY) or pass --service URL"
        }
    }
}
