import COpenBLAS
import Runner

extension StageRegistry {
    /// Registers the text stage: `tesseract.text` (OCR).
    public mutating func registerTextStages() {
        registerRuntime(.blasThreads) { openblas_set_num_threads(Int32($0)) }
        register("tesseract.text") { setup in
            var options = try TextReadingOptions(setup.options)
            options.dataPath = options.dataPath.map { setup.environment.resolve(path: $0) }
            let stage = TesseractTextStage(options: options)
            do {
                try stage.prepare()
            } catch {
                throw setup.options.invalid("languages", "\(error)")
            }
            // Tesseract's OpenMP loops stay on the calling thread (`OpenMPThreads`, set per read: libgomp's own
            // limit is read once when it loads, before any stage exists); declared so the status shows it.
            if options.limitOpenMP { setup.need(.openMPThreadLimit(1)) }
            if options.recognizer == .builtIn {
                // The line network's matrix multiplies run on OpenBLAS, one caller per worker.
                setup.need(.blasCallers(setup.concurrency))
            }
            return stage
        }
    }
}
