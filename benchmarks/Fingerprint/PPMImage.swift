import Captures
import Foundation

/// Reads binary PPM (P6, maxval 255) files: how the benchmarks load real photos prepared by
/// `scripts/fingerprint-make-fixtures.py` without an image library.
enum PPMImage {
    struct FormatError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): not a binary 8-bit PPM: \(reason)" }
    }

    static func read(path: String) throws -> RGBImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FormatError(path: path, reason: "cannot read the file")
        }
        let bytes = [UInt8](data)
        var position = 0
        func token() throws -> Int? {
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else if [9, 10, 13, 32].contains(bytes[position]) {
                    position += 1
                } else { break }
            }
            let start = position
            while position < bytes.count, !([9, 10, 13, 32].contains(bytes[position])) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if text == "P6" { return -6 }
            return Int(text)
        }
        guard try token() == -6 else { throw FormatError(path: path, reason: "missing P6 magic") }
        guard let width = try token(), let height = try token(), let maxValue = try token(), width > 0, height > 0
        else { throw FormatError(path: path, reason: "bad header") }
        guard maxValue == 255 else { throw FormatError(path: path, reason: "maxval \(maxValue), expected 255") }
        position += 1
        let count = width * height * 3
        guard bytes.count - position >= count else { throw FormatError(path: path, reason: "truncated pixels") }
        return RGBImage(width: width, height: height, pixels: Array(bytes[position..<(position + count)]))
    }
}
