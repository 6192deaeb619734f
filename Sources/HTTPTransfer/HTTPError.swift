/// Why a transfer failed. Each case names the URL (never the request's headers, which may carry an app key).
public enum HTTPError: Error, Equatable, CustomStringConvertible {
    /// libcurl could not make the transfer (no such host, refused, timed out, cut connection...).
    case transport(url: String, code: Int, message: String)
    /// The server answered with an HTTP error status; `body` is the start of its answer.
    case status(url: String, code: Int, body: String)
    /// The transfer was cancelled by its caller.
    case cancelled(url: String)
    /// The local file could not be opened or written.
    case file(path: String, reason: String)
    /// The server sent more bytes than the caller said the resource has.
    case tooLarge(url: String, limit: Int64)

    public var description: String {
        switch self {
        case .transport(let url, let code, let message): "\(url): transfer failed (curl \(code)): \(message)"
        case .status(let url, let code, let body):
            "\(url): the server answered HTTP \(code)" + (body.isEmpty ? "" : ": \(body)")
        case .cancelled(let url): "\(url): transfer cancelled"
        case .file(let path, let reason): "\(path): cannot write the download: \(reason)"
        case .tooLarge(let url, let limit): "\(url): more than the expected \(limit) bytes"
        }
    }

    /// Whether trying again later may succeed (a cut connection or a server error, not a refusal).
    public var isTransient: Bool {
        switch self {
        case .transport: true
        case .status(_, let code, _): code >= 500 || code == 408 || code == 429
        case .cancelled, .file, .tooLarge: false
        }
    }
}
