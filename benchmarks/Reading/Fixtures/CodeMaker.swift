import Captures
import Foundation

/// Makes QR codes and barcodes with the `zint` command-line tool.
public enum CodeMaker {
    /// A symbol of `symbology` (zint's name: "QRCODE", "EANX", "DATAMATRIX", ...) holding `data`, `scale`
    /// pixels a module, dark on white with a quiet zone. `binary` keeps `data`'s bytes as they are (no ECI or
    /// Latin-1 conversion); escapes like `\x00` are read when `escapes` is set.
    public static func symbol(_ symbology: String, data: String, scale: Int = 3, binary: Bool = false,
                              escapes: Bool = false, extra: [String] = []) throws -> RGBImage {
        let png = ExternalTool.scratchPath(".png"), ppm = ExternalTool.scratchPath(".ppm")
        defer {
            try? FileManager.default.removeItem(atPath: png)
            try? FileManager.default.removeItem(atPath: ppm)
        }
        var arguments = ["-b", symbology, "-d", data, "-o", png, "--scale=\(scale)", "--quietzones"]
        if binary { arguments.append("--binary") }
        if escapes { arguments.append("--esc") }
        try ExternalTool.run("zint", arguments + extra)
        try ExternalTool.run("vips", ["colourspace", png, ppm, "srgb"])
        return try Netpbm.read(path: ppm)
    }
}
