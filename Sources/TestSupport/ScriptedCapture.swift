import Captures
import Foundation
import Runner

/// One capture whose reading is scripted (`StageRegistry.registerScriptedReading`): its file name, the lines its
/// text stage "reads" and its QR payloads. Tests of what comes after reading (rules, the gate, naming) use it.
public struct ScriptedCapture: Sendable {
    public var name: String
    public var text: [String]
    public var codes: [String]

    public init(name: String, text: [String], codes: [String]) {
        self.name = name
        self.text = text
        self.codes = codes
    }

    /// An opaque id, as the folder source makes them (a hash; never the name).
    public var id: CaptureID {
        let hash = name.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return CaptureID(String(hash, radix: 16))
    }

    /// The capture as decode hands it on: a phone screenshot in source "shots", taken at `date`.
    public func decoded(date: Date, location: GeoPoint? = nil) -> DecodedCapture {
        let file = CaptureFile(id: id, source: "shots", path: "/shots/\(name)", relativePath: name, byteCount: 1000,
                               modified: date, signature: "1000-1")
        return DecodedCapture(file: file, image: RGBImage(width: 1, height: 1, pixels: [0, 0, 0]),
                              metadata: CaptureMetadata(date: date, dateSource: .exif, location: location,
                                                        pixelWidth: 1170, pixelHeight: 2532, kind: .screenshot,
                                                        format: "png"))
    }
}
