import CodeReading
import Captures
import LineRecognition
import Runner

/// The codes stage, kind `zxing.codes`: every QR code and barcode in a decoded capture, read by `CodeReader`
/// (zxing-cpp), with its exact payload bytes, its text where it is text, its format and its box.
public struct CodeReadingStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = CaptureCodes

    public let reader: CodeReader

    public var options: CodeReadingOptions { reader.options }

    public init(options: CodeReadingOptions = CodeReadingOptions()) {
        reader = CodeReader(options: options)
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> CaptureCodes {
        try reader.read(input.image)
    }
}
