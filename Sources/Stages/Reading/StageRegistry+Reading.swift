import Runner

extension StageRegistry {
    /// Registers the reading stages: `tesseract.text` (OCR) and `zxing.codes` (QR codes and barcodes).
    public mutating func registerReadingStages() {
        register("tesseract.text") { setup in
            var options = try TextReadingOptions(setup.options)
            options.dataPath = options.dataPath.map { setup.environment.resolve(path: $0) }
            let stage = TesseractTextStage(options: options)
            do {
                try stage.prepare()
            } catch {
                throw setup.options.invalid("languages", "\(error)")
            }
            return stage
        }
        register("zxing.codes") { setup in
            CodeReadingStage(options: try CodeReadingOptions(setup.options))
        }
    }
}
