/// The symbologies zxing-cpp 1.4 reads, by the names it reports, with its format bits.
public enum CodeFormat: String, CaseIterable, Sendable {
    case aztec = "Aztec"
    case codabar = "Codabar"
    case code39 = "Code39"
    case code93 = "Code93"
    case code128 = "Code128"
    case dataBar = "DataBar"
    case dataBarExpanded = "DataBarExpanded"
    case dataMatrix = "DataMatrix"
    case ean8 = "EAN-8"
    case ean13 = "EAN-13"
    case itf = "ITF"
    case maxiCode = "MaxiCode"
    case pdf417 = "PDF417"
    case qrCode = "QRCode"
    case upcA = "UPC-A"
    case upcE = "UPC-E"
    case microQRCode = "MicroQRCode"

    /// zxing-cpp's `BarcodeFormat` bit.
    var bit: UInt32 {
        UInt32(1) << UInt32(Self.allCases.firstIndex(of: self)!)
    }

    /// A format by its name, ignoring case, `-` and `_` ("ean13", "EAN_13", "EAN-13").
    public init?(name: String) {
        let key = Self.key(name)
        guard let match = Self.allCases.first(where: { Self.key($0.rawValue) == key }) else { return nil }
        self = match
    }

    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
