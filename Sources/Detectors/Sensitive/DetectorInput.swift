import Foundation

/// What the detectors look at for one capture: the text read from it, its code payloads and its labels.
public struct DetectorInput: Sendable {
    /// One code read from the capture: its symbology, its payload's text (when it is text) and bytes.
    public struct Code: Sendable {
        public var format: String
        public var text: String?
        public var bytes: [UInt8]

        public init(format: String, text: String?, bytes: [UInt8]) {
            self.format = format
            self.text = text
            self.bytes = bytes
        }
    }

    public var text: String
    public var codes: [Code]
    public var labels: [String]

    public init(text: String, codes: [Code] = [], labels: [String] = []) {
        self.text = text
        self.codes = codes
        self.labels = labels
    }

    /// The text lines, trimmed, empty ones dropped.
    public var lines: [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The lowercased text (for keyword checks).
    public var lowercased: String { text.lowercased() }
}
