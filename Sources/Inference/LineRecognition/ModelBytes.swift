import Foundation

/// A little-endian reader over one component of a Tesseract traineddata file. Every read names what it was
/// reading and where, so a truncated or malformed model fails with a message a user can act on.
struct ModelBytes {
    let bytes: [UInt8]
    /// What these bytes are ("eng.traineddata, component lstm"), for error messages.
    let source: String
    private(set) var offset = 0

    init(_ bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    var isAtEnd: Bool { offset >= bytes.count }

    func failure(_ reason: String) -> ReadingError {
        .engine("\(source): \(reason) at byte \(offset)")
    }

    mutating func take(_ count: Int, for field: String) throws(ReadingError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else {
            throw failure("truncated while reading \(field) (\(count) bytes wanted, \(bytes.count - offset) left)")
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func uint8(_ field: String) throws(ReadingError) -> UInt8 {
        try take(1, for: field).first!
    }

    mutating func int8(_ field: String) throws(ReadingError) -> Int8 {
        Int8(bitPattern: try uint8(field))
    }

    mutating func uint32(_ field: String) throws(ReadingError) -> UInt32 {
        let raw = try take(4, for: field)
        return raw.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func int32(_ field: String) throws(ReadingError) -> Int32 {
        Int32(bitPattern: try uint32(field))
    }

    mutating func int64(_ field: String) throws(ReadingError) -> Int64 {
        let raw = try take(8, for: field)
        return Int64(bitPattern: raw.reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }

    mutating func float32(_ field: String) throws(ReadingError) -> Float {
        Float(bitPattern: try uint32(field))
    }

    mutating func float64(_ field: String) throws(ReadingError) -> Double {
        Double(bitPattern: UInt64(bitPattern: try int64(field)))
    }

    /// A count that must be reasonable before anything is allocated for it.
    mutating func count(_ field: String, limit: Int) throws(ReadingError) -> Int {
        let value = Int(try int32(field))
        guard (0...limit).contains(value) else { throw failure("\(field) is \(value), outside 0...\(limit)") }
        return value
    }

    /// Tesseract's string: a 32-bit length, then the bytes.
    mutating func string(_ field: String) throws(ReadingError) -> String {
        let length = Int(try uint32(field))
        return String(decoding: try take(length, for: field), as: UTF8.self)
    }
}
