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

    /// How many libvips objects (images, operations) are alive in the process: the same number before and after
    /// a batch of decodes means no decode leaked one.
    public static func liveObjectCount() -> Int {
        guard (try? start()) != nil else { return 0 }
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            _ = vips_object_map({ _, counter, _ in
                counter?.assumingMemoryBound(to: Int.self).pointee += 1
                return nil
            }, counter, nil)
        }
        return count
    }

    /// The text of libvips' error buffer, which is then cleared; with `path`, lines that begin with another
    /// file's path are left out. libvips keeps one buffer for the process and some loaders write to it even when
    /// they succeed (heifload: "bad seek"), so a failure's buffer may hold older lines about other files; the
    /// buffer has a fixed size, which is why `discardErrors` empties it after every decode. The read and clear
    /// are one step under libvips' lock (`vips_error_buffer_copy`).
    static func takeError(about path: String? = nil) -> String {
        guard let copy = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(copy) }
        var lines = String(cString: copy).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if let path {
            let own = lines.filter { !$0.hasPrefix("/") || $0.hasPrefix(path) }
            if !own.isEmpty { lines = own }
        }
        return lines.isEmpty ? "unknown libvips error" : lines.joined(separator: "; ")
    }

    /// Empties libvips' error buffer (after a decode that succeeded but left messages behind).
    static func discardErrors() {
        vips_error_clear()
    }
}

/// A libvips call that failed, with libvips' own message.
public struct VipsFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
