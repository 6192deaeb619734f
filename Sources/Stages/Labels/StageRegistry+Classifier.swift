import ModelEngine
import Runner

extension StageRegistry {
    /// Registers the `labels` stage kind.
    ///
    /// Options: `weights` (the EfficientNet-Lite0 safetensors file; default
    /// `$XDG_DATA_HOME/pool-pipeline/models/efficientnet-lite0.safetensors`), `threshold` (0...1, default 0.2),
    /// `limit` (classifier labels per capture, default 8), `textLines` (default 3) and `documentLines`
    /// (default 12). A missing or malformed weights file fails the pipeline's load, naming the file and tensor.
    /// A `ZeroShotLabeling` in the environment adds zero-shot labels when an `ImageVector` reaches the stage.
    public mutating func registerClassifierStages() {
        registerRuntime(.blasThreads) { BLAS.setThreads($0) }
        register("labels") { setup throws -> LabelsStage in
            let options = setup.options
            let weights = try options.string("weights").map(setup.environment.resolve(path:))
                ?? ImageClassifier.defaultWeightsPath()
            let threshold = try options.double("threshold", default: 0.2)
            guard (0...1).contains(threshold) else {
                throw options.invalid("threshold", "must be from 0 to 1, found \(threshold)")
            }
            let limit = try options.int("limit", default: 8, in: 0...1000)
            let textLines = try options.int("textLines", default: 3, in: 1...10_000)
            let documentLines = try options.int("documentLines", default: 12, in: 1...10_000)
            let classifier: ImageClassifier
            do throws(ClassifierError) {
                classifier = try ImageClassifier(weightsFile: weights)
            } catch {
                throw options.invalid("weights", error.description)
            }
            // Each worker calls BLAS; the loader shares the cores among every stage's callers.
            setup.need(.blasCallers(setup.concurrency))
            return LabelsStage(classifier: classifier, threshold: threshold, limit: limit,
                               signals: CaptureSignalLabels(textLines: textLines, documentLines: documentLines),
                               zeroShot: setup.environment[ZeroShotLabeling.self]?.labeler)
        }
    }
}
