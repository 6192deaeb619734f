/// The text read from a capture: lines in reading order. The output of the text (OCR) stage.
public struct CaptureText: Sendable, Equatable {
    public var lines: [TextLine]

    public init(lines: [TextLine]) { self.lines = lines }

    /// All lines joined by newlines: what search and the index store.
    public var fullText: String { lines.map(\.text).joined(separator: "\n") }
}

/// One line of text, where it stands in the image, and how sure the reader was.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var box: NormalizedRect
    /// 0...1.
    public var confidence: Double

    public init(text: String, box: NormalizedRect, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// A rectangle in an image, as fractions of its width and height (0...1, origin top left), so it holds at any size.
public struct NormalizedRect: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
