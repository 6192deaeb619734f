import Benchmarking
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

/// Parsing the ImageNet taxonomy compiled into the module, which happens once per process.
struct ParseTaxonomy: Benchmark {
    let name = "parse taxonomy"

    func run() throws -> Int {
        precondition(ImageNetTaxonomy().classes.count == 1000)
        return 1
    }
}
