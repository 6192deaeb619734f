/// The machine-readable codes found in a capture (QR codes, barcodes). The output of the codes stage.
public struct CaptureCodes: Sendable, Equatable {
    public var codes: [ReadCode]

    public init(codes: [ReadCode]) { self.codes = codes }
}

/// One code: its symbology, its exact payload, and where it stands.
public struct ReadCode: Sendable, Equatable {
    /// The symbology's name ("QRCode", "EAN-13", "DataMatrix", ...).
    public var format: String
    /// The payload's bytes, exactly as encoded.
    public var payload: [UInt8]
    /// The payload as text, when it is text.
    public var text: String?
    public var box: NormalizedRect

    public init(format: String, payload: [UInt8], text: String?, box: NormalizedRect) {
        self.format = format
        self.payload = payload
        self.text = text
        self.box = box
    }
}
