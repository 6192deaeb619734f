import Runner

extension StageRegistry {
    /// Registers the codes stage: `zxing.codes` (QR codes and barcodes).
    public mutating func registerCodesStages() {
        register("zxing.codes") { setup in
            CodeReadingStage(options: try CodeReadingOptions(setup.options))
        }
    }
}
