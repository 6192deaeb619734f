import Foundation
import CVips

/// libvips for this process: started once, on first use, with the operation cache off (each capture is read
/// once, so caching only holds memory) and one thread per evaluation (the runner already decodes several
/// captures at once; see benchmarks/decode.md for the measurement behind that default).
public enum VipsRuntime {
    private static let started: Bool = pool_vips_start(1) == 0

    /// Starts libvips if it has not started yet; throws when it cannot start.
    static func start() throws(VipsFailure) {
        guard started else { throw VipsFailure(message: "libvips could not start: \(takeError())") }
    }

    /// Sets how many threads libvips uses to evaluate one image (a process-wide setting).
    public static func setThreadsPerImage(_ threads: Int) throws(VipsFailure) {
        try start()
        vips_concurrency_set(Int32(clamping: threads))
    }

    /// Whether this libvips can load `nickname` ("heifload", "webpload"), which depends on how it was built.
    public static func hasLoader(_ nickname: String) -> Bool {
        guard (try? start()) != nil else { return false }
        return vips_type_find("VipsOperation", nickname) != 0
    }

    /// The text of libvips' error buffer, which is then cleared. libvips keeps one buffer for the process;
    /// `vips_error_buffer_copy` reads and clears it under libvips' own lock, so two failing threads never see
    /// a half-cleared buffer (they may, rarely, see each other's message too).
    static func takeError() -> String {
        guard let copy = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(copy) }
        let text = String(cString: copy).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "unknown libvips error" : text.replacingOccurrences(of: "\n", with: "; ")
    }
}

/// A libvips call that failed, with libvips' own message.
public struct VipsFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
