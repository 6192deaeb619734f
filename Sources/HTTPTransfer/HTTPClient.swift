import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// HTTP(S) and `file://` transfers through libcurl: a GET into a file that resumes a partial download with a
/// range request, a small GET into memory, and a POST of JSON. Each call is one blocking transfer on the calling
/// thread with its own libcurl handle, so one client may serve many threads; run calls off the cooperative pool
/// for large downloads. Redirects are followed, to `http`/`https` only.
///
/// ```
/// HTTPClient().download(request, to: path) ──▶ open(path), seek to its end ──▶ Range: bytes=N-
///   206: append │ 200: the server ignored the range, start the file again │ ≥400: HTTPError.status
/// ```
public struct HTTPClient: Sendable {
    /// The header name the models service reads the app key from.
    public static let appKeyHeader = "X-Pool-App-Key"

    public init() {}

    /// Downloads `request.url` into `path`. When `path` already holds bytes (an earlier attempt cut short), asks
    /// only for the rest (`Range`) and appends; when it already holds `expectedSize` bytes, transfers nothing.
    /// A file longer than `expectedSize` starts again. `progress` gets the bytes on disk after each block.
    public func download(_ request: HTTPRequest, to path: String, expectedSize: Int64? = nil,
                         progress: (@Sendable (TransferProgress) -> Void)? = nil,
                         cancellation: TransferCancellation? = nil) throws(HTTPError) -> DownloadResult {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var existing = Int64(lseek(descriptor, 0, SEEK_END))
        if let expectedSize, existing > expectedSize {
            _ = ftruncate(descriptor, 0)
            existing = Int64(lseek(descriptor, 0, SEEK_SET))
        }
        if let expectedSize, existing == expectedSize {
            progress?(TransferProgress(bytes: existing, total: expectedSize))
            return DownloadResult(bytes: existing, resumedFrom: existing, status: 0)
        }
        do {
            return try perform(request, descriptor: descriptor, path: path, resumeFrom: existing, limit: expectedSize,
                               progress: progress, cancellation: cancellation)
        } catch .status(_, 416, _) where existing > 0 {
            // The range lies past the server's end: the partial file is not a prefix of this resource.
            _ = ftruncate(descriptor, 0)
            _ = lseek(descriptor, 0, SEEK_SET)
            return try perform(request, descriptor: descriptor, path: path, resumeFrom: 0, limit: expectedSize,
                               progress: progress, cancellation: cancellation)
        }
    }

    private func perform(_ request: HTTPRequest, descriptor: Int32, path: String, resumeFrom: Int64, limit: Int64?,
                         progress: (@Sendable (TransferProgress) -> Void)?,
                         cancellation: TransferCancellation?) throws(HTTPError) -> DownloadResult {
        let context = try transfer(request, sink: .file(descriptor: descriptor, path: path), resumeFrom: resumeFrom,
                                   limit: limit, progress: progress, cancellation: cancellation)
        guard fsync(descriptor) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
        return DownloadResult(bytes: context.resumeOffset + context.received, resumedFrom: context.resumeOffset,
                              status: context.status ?? 0)
    }

    /// GETs `request.url` into memory, refusing more than `limit` bytes (a manifest, not a model).
    public func get(_ request: HTTPRequest, limit: Int64 = 16 << 20,
                    cancellation: TransferCancellation? = nil) throws(HTTPError) -> HTTPResponse {
        let context = try transfer(request, sink: .memory, resumeFrom: 0, limit: limit, progress: nil,
                                   cancellation: cancellation)
        return HTTPResponse(status: context.status ?? 0, body: context.memory)
    }

    /// POSTs `json` (already encoded) with `Content-Type: application/json` and returns the answer, at most
    /// `limit` bytes. An HTTP error status throws `HTTPError.status` with the start of the answer.
    public func postJSON(_ request: HTTPRequest, json: [UInt8], limit: Int64 = 16 << 20,
                         cancellation: TransferCancellation? = nil) throws(HTTPError) -> HTTPResponse {
        var request = request
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = request.headers["Accept"] ?? "application/json"
        let context = try transfer(request, sink: .memory, resumeFrom: 0, limit: limit, progress: nil,
                                   cancellation: cancellation, body: json)
        return HTTPResponse(status: context.status ?? 0, body: context.memory)
    }

    /// One libcurl transfer to its end; throws the first failure (ours, libcurl's, or an HTTP error status).
    private func transfer(_ request: HTTPRequest, sink: TransferContext.Sink, resumeFrom: Int64, limit: Int64?,
                          progress: (@Sendable (TransferProgress) -> Void)?, cancellation: TransferCancellation?,
                          body: [UInt8]? = nil) throws(HTTPError) -> TransferContext {
        guard CurlRuntime.ready else { throw .transport(url: request.url, code: -1, message: "curl_global_init failed") }
        guard let handle = curl_easy_init() else {
            throw .transport(url: request.url, code: -1, message: "curl_easy_init failed")
        }
        defer { curl_easy_cleanup(handle) }
        let context = TransferContext(url: request.url, handle: handle, sink: sink, resumeOffset: resumeFrom,
                                      limit: limit, progress: progress, cancellation: cancellation)
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headers) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headers = curl_slist_append(headers, "\(name): \(value)")
        }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            _ = pool_curl_set_string(handle, CURLOPT_URL, request.url)
            _ = pool_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https,file")
            _ = pool_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            _ = pool_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
            _ = pool_curl_set_long(handle, CURLOPT_MAXREDIRS, 5)
            _ = pool_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = pool_curl_set_string(handle, CURLOPT_USERAGENT, "pool-pipeline")
            _ = pool_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
            _ = pool_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
            _ = pool_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
            _ = pool_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(request.stallTimeout) / 1000))
            if let total = request.totalTimeout {
                _ = pool_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(total))
            }
            if headers != nil { _ = pool_curl_set_slist(handle, CURLOPT_HTTPHEADER, headers) }
            if resumeFrom > 0 { _ = pool_curl_set_offset(handle, CURLOPT_RESUME_FROM_LARGE, curl_off_t(resumeFrom)) }
            _ = pool_curl_set_write_function(handle, transferWrite)
            _ = pool_curl_set_pointer(handle, CURLOPT_WRITEDATA, pointer)
            _ = pool_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
            _ = pool_curl_set_progress_function(handle, transferProgress)
            _ = pool_curl_set_pointer(handle, CURLOPT_XFERINFODATA, pointer)
            if let body {
                _ = pool_curl_set_long(handle, CURLOPT_POST, 1)
                _ = pool_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                body.withUnsafeBufferPointer { bytes in
                    _ = pool_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS,
                                              UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
            }
            return curl_easy_perform(handle)
        }
        if let failure = context.failure { throw failure }
        if code == CURLE_ABORTED_BY_CALLBACK { throw .cancelled(url: request.url) }
        guard code == CURLE_OK else {
            let detail = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            throw .transport(url: request.url, code: Int(code.rawValue), message: message)
        }
        let status = context.status ?? context.responseCode()
        context.status = status
        if status >= 400 {
            throw .status(url: request.url, code: status,
                          body: String(String(decoding: context.errorBody, as: UTF8.self)
                              .split(whereSeparator: \.isNewline).first ?? ""))
        }
        return context
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// libcurl's process-wide setup, done once before the first transfer.
enum CurlRuntime {
    static let ready: Bool = curl_global_init(3) == CURLE_OK     // CURL_GLOBAL_DEFAULT (SSL | WIN32)
}
