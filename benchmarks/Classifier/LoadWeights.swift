import ImageClassifier

/// Loading the classifier from its safetensors file, as the stage factory does once per pipeline load.
struct LoadWeights: Benchmark {
    let name = "load weights"
    let path: String

    func run() throws -> Int {
        _ = try ImageClassifier(weightsFile: path)
        return 1
    }
}
