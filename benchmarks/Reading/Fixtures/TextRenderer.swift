import Captures
import Foundation

/// Renders text with libvips' text renderer (Pango), through the `vips` command-line tool.
public enum TextRenderer {
    /// The ink of `text` in `font` ("DejaVu Sans 12") at `dpi`, wrapped at `width` pixels when given, as a
    /// coverage mask (0 paper ... 255 ink, in the red channel of the returned image).
    public static func mask(_ text: String, font: String, dpi: Int = 72, width: Int? = nil) throws -> RGBImage {
        let path = ExternalTool.scratchPath(".pgm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var arguments = ["text", path, text, "--font", font, "--dpi", String(dpi)]
        if let width { arguments += ["--width", String(width)] }
        try ExternalTool.run("vips", arguments)
        return try Netpbm.read(path: path)
    }
}
