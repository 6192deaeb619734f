import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// The state of one libcurl transfer, reached from libcurl's C callbacks through an unmanaged pointer: where the
/// body goes (a file descriptor or memory), what has arrived, and the first failure seen. Lives for one
/// `curl_easy_perform` on one thread.
final class TransferContext {
    enum Sink {
        case file(descriptor: Int32, path: String)
        case memory
    }

    let url: String
    let handle: UnsafeMutableRawPointer
    let sink: Sink
    /// The bytes the file held before this transfer (the part a range request resumes after).
    var resumeOffset: Int64
    /// Body bytes received in this transfer.
    var received: Int64 = 0
    var memory: [UInt8] = []
    /// The start of an error answer's body (HTTP status ≥ 400), kept for the error message.
    var errorBody: [UInt8] = []
    var status: Int?
    var failure: HTTPError?
    let limit: Int64?
    let progress: (@Sendable (TransferProgress) -> Void)?
    let cancellation: TransferCancellation?

    init(url: String, handle: UnsafeMutableRawPointer, sink: Sink, resumeOffset: Int64, limit: Int64?,
         progress: (@Sendable (TransferProgress) -> Void)?, cancellation: TransferCancellation?) {
        self.url = url
        self.handle = handle
        self.sink = sink
        self.resumeOffset = resumeOffset
        self.limit = limit
        self.progress = progress
        self.cancellation = cancellation
    }

    /// The response code libcurl has (0 for `file://`).
    func responseCode() -> Int {
        var code = 0
        _ = pool_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// Takes `count` bytes of body; returns false to abort the transfer.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if cancellation?.isCancelled == true {
            failure = .cancelled(url: url)
            return false
        }
        if status == nil { startBody() }
        if let status, status >= 400 {
            errorBody.append(contentsOf: bytes.prefix(max(0, 512 - errorBody.count)))
            return true
        }
        if let limit, resumeOffset + received + Int64(bytes.count) > limit {
            failure = .tooLarge(url: url, limit: limit)
            return false
        }
        switch sink {
        case .memory:
            memory.append(contentsOf: bytes)
        case .file(let descriptor, let path):
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .file(path: path, reason: String(cString: strerror(errno)))
                    return false
                }
                offset += written
            }
        }
        received += Int64(bytes.count)
        return true
    }

    /// At the first body byte: a server that ignored the range request sends the whole resource (200), so the
    /// part already on disk is dropped and the file starts again.
    private func startBody() {
        let code = responseCode()
        status = code
        if code == 200, resumeOffset > 0, case .file(let descriptor, _) = sink {
            _ = ftruncate(descriptor, 0)
            _ = lseek(descriptor, 0, SEEK_SET)
            resumeOffset = 0
        }
    }

    /// libcurl's progress report (`dlnow`/`dltotal` count this transfer only); returns false to abort.
    func report(now: Int64, total: Int64) -> Bool {
        if cancellation?.isCancelled == true {
            failure = failure ?? .cancelled(url: url)
            return false
        }
        progress?(TransferProgress(bytes: resumeOffset + now, total: total > 0 ? resumeOffset + total : nil))
        return true
    }
}

/// libcurl's write callback: hands the block to the context.
let transferWrite: pool_curl_write_callback = { data, size, count, context in
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.receive(bytes) ? size * count : 0
}

/// libcurl's progress callback: reports and checks for cancellation.
let transferProgress: pool_curl_progress_callback = { context, total, now, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    return transfer.report(now: Int64(now), total: Int64(total)) ? 0 : 1
}
