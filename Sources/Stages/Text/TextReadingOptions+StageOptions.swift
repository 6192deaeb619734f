import Runner

extension TextReadingOptions {
    /// Reads the options of a `tesseract.text` node; every field is optional.
    public init(_ options: StageOptions) throws(PipelineError) {
        self.init()
        languages = try options.strings("languages", default: languages)
        if languages.isEmpty || languages.contains(where: { $0.isEmpty || $0.contains("/") || $0.contains("+") }) {
            throw options.invalid("languages", "must list traineddata names such as \"eng\" or \"deu\"")
        }
        if let path = try options.string("tessdata") { dataPath = path }
        if let name = try options.string("recognizer") {
            guard let choice = TextRecognizerKind(rawValue: name) else {
                throw options.invalid("recognizer", "must be one of "
                    + TextRecognizerKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            recognizer = choice
        }
        dictionaryBeam = try options.bool("dictionaryBeam", default: dictionaryBeam)
        if let name = try options.string("lineFinder") {
            guard let choice = LineFinderKind(rawValue: name) else {
                throw options.invalid("lineFinder", "must be one of "
                    + LineFinderKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            lineFinder = choice
        }
        sceneText = try options.bool("sceneText", default: sceneText)
        pageSegmentationMode = try options.int("pageSegmentationMode", default: pageSegmentationMode, in: 1...13)
        skipWithoutText = try options.bool("skipWithoutText", default: skipWithoutText)
        normalizePolarity = try options.bool("normalizePolarity", default: normalizePolarity)
        tesseractInvert = try options.bool("tesseractInvert", default: tesseractInvert)
        invertRegionsOnPhotos = try options.bool("invertRegionsOnPhotos", default: invertRegionsOnPhotos)
        correctRotation = try options.bool("correctRotation", default: correctRotation)
        minimumLetterHeight = try options.double("minimumLetterHeight", default: minimumLetterHeight)
        maximumUpscale = try options.double("maximumUpscale", default: maximumUpscale)
        if maximumUpscale < 1 || maximumUpscale > 8 { throw options.invalid("maximumUpscale", "must be from 1 to 8") }
        if let low = try options.double("layoutMinimumLetterHeight") {
            guard low > 0 else { throw options.invalid("layoutMinimumLetterHeight", "must be above 0") }
            layoutMinimumLetterHeight = low
        }
        if let high = try options.double("layoutMaximumLetterHeight") {
            guard high >= (layoutMinimumLetterHeight ?? 1) else {
                throw options.invalid("layoutMaximumLetterHeight", "must be at least layoutMinimumLetterHeight and 1")
            }
            layoutMaximumLetterHeight = high
        }
        minimumLineConfidence = try options.double("minimumLineConfidence", default: minimumLineConfidence)
        if !(0...1).contains(minimumLineConfidence) {
            throw options.invalid("minimumLineConfidence", "must be from 0 to 1")
        }
        maximumPixels = try options.int("maximumPixels", default: maximumPixels, in: 1...400_000_000)
    }
}
