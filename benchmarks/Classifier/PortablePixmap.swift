import Captures
import Foundation

/// Reads a binary PPM (P6, 8-bit) into an `RGBImage`: how the labels report gets photographs without a decoder.
enum PortablePixmap {
    struct FormatError: Error, CustomStringConvertible {
        var file: String
        var reason: String
        var description: String { "\(file): \(reason)" }
    }

    static func read(_ path: String) throws -> RGBImage {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var position = 0
        func token() throws -> String {
            while position < data.count, data[position] == 0x23 || isSpace(data[position]) {
                if data[position] == 0x23 { while position < data.count, data[position] != 0x0A { position += 1 } }
                position += 1
            }
            let start = position
            while position < data.count, !isSpace(data[position]) { position += 1 }
            guard start < position else { throw FormatError(file: path, reason: "the header ends early") }
            return String(decoding: data[start..<position], as: UTF8.self)
        }
        guard try token() == "P6" else { throw FormatError(file: path, reason: "not a binary PPM (P6)") }
        guard let width = Int(try token()), let height = Int(try token()), try token() == "255" else {
            throw FormatError(file: path, reason: "expected width, height and 255 in the header")
        }
        position += 1
        guard data.count - position >= width * height * 3 else {
            throw FormatError(file: path, reason: "holds fewer than \(width)×\(height) pixels")
        }
        return RGBImage(width: width, height: height, pixels: Array(data[position..<(position + width * height * 3)]))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
