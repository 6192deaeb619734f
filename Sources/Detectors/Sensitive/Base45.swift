/// Base45 (RFC 9285), the alphabet EU Digital COVID Certificates are written in.
public enum Base45 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    static let values: [Character: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// The bytes `text` encodes, or nil when it is not base45.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let remaining = characters.count - index
            guard remaining >= 2, let c = values[characters[index]], let d = values[characters[index + 1]] else { return nil }
            if remaining >= 3 {
                guard let e = values[characters[index + 2]] else { return nil }
                let n = c + d * 45 + e * 45 * 45
                guard n <= 0xFFFF else { return nil }
                out += [UInt8(n >> 8), UInt8(n & 0xFF)]
                index += 3
            } else {
                let n = c + d * 45
                guard n <= 0xFF else { return nil }
                out.append(UInt8(n))
                index += 2
            }
        }
        return out
    }

    /// `bytes` in base45.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index + 1 < bytes.count {
            var n = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            for _ in 0..<3 { out.append(alphabet[n % 45]); n /= 45 }
            index += 2
        }
        if index < bytes.count {
            let n = Int(bytes[index])
            out.append(alphabet[n % 45])
            out.append(alphabet[n / 45])
        }
        return out
    }
}
