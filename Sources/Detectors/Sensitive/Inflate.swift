import CZlib

/// zlib inflation (RFC 1950), through the system's zlib.
public enum Inflate {
    /// The bytes `compressed` inflates to, or nil when it is not a zlib stream (at most `limit` bytes out).
    public static func zlib(_ compressed: [UInt8], limit: Int = 1 << 20) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = compressed
        var output = [UInt8](repeating: 0, count: 64 * 1024)
        var result: [UInt8] = []
        return input.withUnsafeMutableBufferPointer { inBuffer -> [UInt8]? in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let status = output.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = output.count - Int(stream.avail_out)
                result += output.prefix(produced)
                if status == Z_STREAM_END { return result }
                guard status == Z_OK, result.count <= limit, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }

    /// `bytes` deflated into a zlib stream (for tests and the generator).
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(UInt(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress(&out, &size, bytes, UInt(bytes.count))
        precondition(status == Z_OK, "zlib compress failed")
        return Array(out.prefix(Int(size)))
    }
}
