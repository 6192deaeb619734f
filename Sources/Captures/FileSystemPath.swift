/// A path as the file system holds it: bytes. On Linux a file name is any bytes but "/" and NUL, so a name need not
/// be UTF-8 (`bad\xFF\xFEname.jpg` from an old camera card or a Windows archive); a Swift `String` would replace
/// such bytes and the file could no longer be opened. The folder source walks and opens files by these bytes, and
/// shows them as `escaped`.
public struct FileSystemPath: Sendable, Hashable {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path of a string (its UTF-8 bytes).
    public init(_ string: String) {
        bytes = Array(string.utf8)
    }

    /// This path followed by "/" and `component` (no "/" is doubled after a root of "/").
    public func appending(_ component: [UInt8]) -> FileSystemPath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined += component
        return FileSystemPath(bytes: joined)
    }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls and C libraries.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
