import COpenBLAS
import Foundation
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
            if options.recognizer == .builtIn {
                // The line network's matrix multiplies run on OpenBLAS: workers × its threads = cores (the
                // setting is process-wide; model stages set it the same way).
                let cores = ProcessInfo.processInfo.activeProcessorCount
                openblas_set_num_threads(Int32(max(1, cores / max(1, setup.concurrency))))
            }
            return stage
        }
        register("zxing.codes") { setup in
            CodeReadingStage(options: try CodeReadingOptions(setup.options))
        }
    }
}
