import Captures
import Runner

extension StageRegistry {
    /// Registers `text` and `codes` stage kinds that hand back scripted lines and QR payloads per capture id
    /// (none for a capture not listed), so tests of what comes after reading (rules, the gate, naming) need no
    /// rendering or OCR.
    public mutating func registerScriptedReading(text: [String: [String]], codes: [String: [String]]) {
        register("text") { _ in
            ClosureStage<DecodedCapture, CaptureText> { input, _ in
                let box = NormalizedRect(x: 0, y: 0, width: 1, height: 0.1)
                return CaptureText(lines: (text[input.file.id.rawValue] ?? []).map {
                    TextLine(text: $0, box: box, confidence: 0.9)
                })
            }
        }
        register("codes") { _ in
            ClosureStage<DecodedCapture, CaptureCodes> { input, _ in
                let box = NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.5)
                return CaptureCodes(codes: (codes[input.file.id.rawValue] ?? []).map {
                    ReadCode(format: "QRCode", payload: Array($0.utf8), text: $0, box: box)
                })
            }
        }
    }
}
