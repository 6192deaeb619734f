/// How `CodeReader` searches: which symbologies, and how hard.
public struct CodeReadingOptions: Sendable, Equatable {
    /// The symbologies to look for; every one zxing-cpp reads by default.
    public var formats: [CodeFormat] = CodeFormat.allCases
    /// Look harder (more scan lines, more binariser passes) for small or damaged codes.
    public var tryHarder: Bool = true
    /// Also scan linear codes turned by 90 degrees.
    public var tryRotate: Bool = true
    /// Also scan shrunk copies of large images (finds codes that are large or blurred).
    public var tryDownscale: Bool = true
    /// When nothing is found, scan the inverted image too (light codes on dark ground), if the image has any
    /// dark ground (`DarkGround`).
    public var tryInvert: Bool = true
    /// When no Aztec code was found, look for one off the image centre too (zxing-cpp 1.4 looks from the centre).
    public var aztecSearch: Bool = true
    /// Images with more pixels than this fail instead of being read.
    public var maximumPixels: Int = 40_000_000

    public init() {}
}
