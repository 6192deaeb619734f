/// What to fetch: a URL (`http://`, `https://` or `file://`), extra headers, and the time limits.
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    /// Extra header lines, e.g. `["X-Pool-App-Key": key]` (ignored for `file://`).
    public var headers: [String: String]
    /// The most time to connect.
    public var connectTimeout: Duration
    /// A transfer that moves no byte for this long is abandoned (a stalled server).
    public var stallTimeout: Duration
    /// The most time the whole transfer may take; nil for no limit (large downloads).
    public var totalTimeout: Duration?

    public init(url: String, headers: [String: String] = [:], connectTimeout: Duration = .seconds(15),
                stallTimeout: Duration = .seconds(30), totalTimeout: Duration? = nil) {
        self.url = url
        self.headers = headers
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.totalTimeout = totalTimeout
    }
}

/// A finished in-memory transfer: the HTTP status (0 for `file://`) and the body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// Where a download stands: bytes on disk (a resumed part included) and the total when the server said it.
public struct TransferProgress: Sendable, Equatable {
    public var bytes: Int64
    public var total: Int64?

    public init(bytes: Int64, total: Int64?) {
        self.bytes = bytes
        self.total = total
    }
}

/// How a download ended: the bytes the file now holds and how many of them came from an earlier attempt.
public struct DownloadResult: Sendable, Equatable {
    public var bytes: Int64
    public var resumedFrom: Int64
    public var status: Int

    public init(bytes: Int64, resumedFrom: Int64, status: Int) {
        self.bytes = bytes
        self.resumedFrom = resumedFrom
        self.status = status
    }
}
