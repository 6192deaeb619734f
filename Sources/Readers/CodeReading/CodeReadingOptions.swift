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
    /// Read every linear symbology in one pass per scale (DataBar with the others), a code kept when its bars are
    /// tall enough for its length, instead of a pass for DataBar and another for the rest that need two decoded
    /// rows: half the linear reading's cost, the same codes on the hostile code set (benchmarks/README.md).
    public var linearOneRead: Bool = true
    /// With `tryDownscale`, scan linear codes in a copy shrunk to a third too, not only matrix codes. Off: the
    /// 1-D readers work at any bar width, and the hostile code set found nothing more with it (benchmarks/README.md),
    /// for a fifth of the codes stage's time.
    public var linearDownscale: Bool = false
    /// When nothing is found, scan the inverted image too (light codes on dark ground), if the image has any
    /// dark ground (`DarkGround`).
    public var tryInvert: Bool = true
    /// Look for PDF417 in a pass only when its polarity shows a PDF417 start or stop pattern on a few rows in a row
    /// (`Pdf417Evidence`): zxing-cpp's PDF417 detector is its costliest reader on photos and needs those patterns
    /// itself. Off: PDF417 is looked for in every pass, as before (benchmarks/README.md).
    public var pdf417Evidence: Bool = true
    /// When no Aztec code was found, look for one off the image centre too (zxing-cpp 1.4 looks from the centre).
    public var aztecSearch: Bool = true
    /// Images with more pixels than this fail instead of being read.
    public var maximumPixels: Int = 40_000_000

    public init() {}
}
