import Captures

/// Labels that other stages already know, with no model: "screenshot" or "photo" from decode's metadata, "text"
/// and "document" from the lines OCR read, "qr code" and "barcode" from the codes found.
public struct CaptureSignalLabels: Sendable, Equatable {
    /// A capture with at least this many readable lines is labelled "text".
    public var textLines: Int
    /// A capture with at least this many readable lines is also labelled "document".
    public var documentLines: Int
    /// Lines read with less confidence than this (0...1) do not count.
    public var minimumLineConfidence: Double

    public init(textLines: Int = 3, documentLines: Int = 12, minimumLineConfidence: Double = 0.6) {
        self.textLines = textLines
        self.documentLines = documentLines
        self.minimumLineConfidence = minimumLineConfidence
    }

    public func labels(metadata: CaptureMetadata, text: CaptureText?, codes: CaptureCodes?) -> [CaptureLabel] {
        var labels = [CaptureLabel(name: metadata.kind == .screenshot ? "screenshot" : "photo", confidence: 1)]
        if let text {
            let readable = text.lines.filter { line in
                line.confidence >= minimumLineConfidence && line.text.filter { $0.isLetter || $0.isNumber }.count >= 2
            }
            if readable.count >= textLines {
                let confidence = readable.map(\.confidence).reduce(0, +) / Double(readable.count)
                labels.append(CaptureLabel(name: "text", confidence: confidence))
                if readable.count >= documentLines {
                    labels.append(CaptureLabel(name: "document", confidence: confidence))
                }
            }
        }
        for code in codes?.codes ?? [] {
            let name = code.format.uppercased().contains("QR") ? "qr code" : "barcode"
            if !labels.contains(where: { $0.name == name }) {
                labels.append(CaptureLabel(name: name, confidence: 1))
            }
        }
        return labels
    }
}
