#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SHA256 {
    /// The size of the blocks `hex(ofFile:)` reads.
    public static let fileBlockSize = 1 << 20

    /// The SHA-256 of a file's bytes, streamed in 1 MiB blocks with `read(2)` (nothing but one block in memory).
    /// `progress`, when given, is called after each block with the bytes hashed so far.
    public static func hex(ofFile path: String, progress: ((Int64) -> Void)? = nil) throws(DigestError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        #if canImport(Glibc)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
        #endif
        let hasher = SHA256()
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: fileBlockSize, alignment: 64)
        defer { block.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(descriptor, block.baseAddress, block.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            total += Int64(count)
            progress?(total)
        }
        return hasher.finalizeHex()
    }
}
