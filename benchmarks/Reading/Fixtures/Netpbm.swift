import Captures
import Foundation

/// Reads the binary PGM (P5) and PPM (P6) files that `vips` writes, as RGB images, and writes PPM files for it.
public enum Netpbm {
    /// Writes `image` as a binary PPM (P6) file.
    public static func write(_ image: RGBImage, path: String) throws {
        let header = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        try Data(header + image.pixels).write(to: URL(fileURLWithPath: path))
    }

    public static func read(path: String) throws -> RGBImage {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var index = 0
        func token() throws -> String {
            var text = ""
            while index < data.count {
                let byte = data[index]
                if byte == UInt8(ascii: "#") && text.isEmpty {
                    while index < data.count && data[index] != 10 { index += 1 }
                } else if byte == 32 || byte == 10 || byte == 13 || byte == 9 {
                    index += 1
                    if !text.isEmpty { return text }
                    continue
                } else {
                    text.append(Character(UnicodeScalar(byte)))
                }
                index += 1
            }
            guard !text.isEmpty else { throw ExternalTool.Failure(description: "\(path): truncated header") }
            return text
        }
        let magic = try token()
        guard magic == "P5" || magic == "P6", let width = Int(try token()), let height = Int(try token()),
              try token() == "255" else {
            throw ExternalTool.Failure(description: "\(path): not an 8-bit P5/P6 file")
        }
        let channels = magic == "P5" ? 1 : 3
        guard data.count - index >= width * height * channels else {
            throw ExternalTool.Failure(description: "\(path): truncated pixels")
        }
        let body = data[index..<(index + width * height * channels)]
        let pixels = channels == 3 ? Array(body) : body.flatMap { [$0, $0, $0] }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
