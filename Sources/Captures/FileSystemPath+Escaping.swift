extension FileSystemPath {
    /// The path as the index, export, search and summaries show it: UTF-8 as it is, except that each byte that is
    /// not part of valid UTF-8 is written `\xHH` (two uppercase hex digits) and a backslash is written `\\`. A name
    /// that is valid UTF-8 and has no backslash shows unchanged; every path has exactly one escaped form and
    /// `init(escaped:)` gives the bytes back, so two files never show the same path.
    public var escaped: String { Self.escape(bytes) }

    /// The `escaped` form of `bytes`.
    public static func escape(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if !bytes.contains(UInt8(ascii: "\\")), let plain = String(validating: bytes, as: UTF8.self) { return plain }
        var text = ""
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(in: bytes, at: index)
            guard length > 0 else {
                text += "\\x" + hexDigits(bytes[index])
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "\\") {
                text += "\\\\"
            } else {
                text += String(decoding: bytes[index..<index + length], as: UTF8.self)
            }
            index += length
        }
        return text
    }

    /// The path whose `escaped` form is `text`; nil when `text` is not such a form (a lone backslash, or `\x`
    /// without two hex digits, or an escape of a byte that would have been shown as it is).
    public init?(escaped text: String) {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch utf8.popFirst() {
            case UInt8(ascii: "\\")?:
                bytes.append(byte)
            case UInt8(ascii: "x")?:
                guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
                else { return nil }
                utf8 = utf8.dropFirst(2)
                bytes.append(value)
            default:
                return nil
            }
        }
        guard Self.escape(bytes) == text else { return nil }
        self.init(bytes: bytes)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode's table 3-7: no overlong forms,
    /// no surrogates, nothing past U+10FFFF), or 0 when the byte there does not start one.
    private static func validSequenceLength(in bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let second: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
        case 0xE0: (second, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
        case 0xED: (second, length) = (0x80...0x9F, 3)
        case 0xF0: (second, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
        case 0xF4: (second, length) = (0x80...0x8F, 4)
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
