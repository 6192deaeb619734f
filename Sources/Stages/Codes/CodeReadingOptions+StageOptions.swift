import CodeReading
import Runner

extension CodeReadingOptions {
    /// Reads the options of a `zxing.codes` node; every field is optional.
    public init(_ options: StageOptions) throws(PipelineError) {
        self.init()
        let names = try options.strings("formats", default: formats.map(\.rawValue))
        var chosen: [CodeFormat] = []
        for name in names {
            guard let format = CodeFormat(name: name) else {
                throw options.invalid("formats", "unknown format \"\(name)\" (known: "
                    + CodeFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            chosen.append(format)
        }
        if chosen.isEmpty { throw options.invalid("formats", "must name at least one format") }
        formats = chosen
        tryHarder = try options.bool("tryHarder", default: tryHarder)
        tryRotate = try options.bool("tryRotate", default: tryRotate)
        tryDownscale = try options.bool("tryDownscale", default: tryDownscale)
        tryInvert = try options.bool("tryInvert", default: tryInvert)
        linearOneRead = try options.bool("linearOneRead", default: linearOneRead)
        linearDownscale = try options.bool("linearDownscale", default: linearDownscale)
        aztecSearch = try options.bool("aztecSearch", default: aztecSearch)
        pdf417Evidence = try options.bool("pdf417Evidence", default: pdf417Evidence)
        maximumPixels = try options.int("maximumPixels", default: maximumPixels, in: 1...400_000_000)
    }
}
