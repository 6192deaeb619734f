import Benchmarking
import Captures
import Foundation
import ImageClassifier
import ModelEngine

/// The same matrix products one forward pass makes, on scratch buffers: the floor BLAS sets, the baseline the
/// whole network is compared with.
struct SgemmFloor: Benchmark {
    let name = "sgemm floor (the network's matrix products alone)"
    let products = EfficientNetLite0.cost.matrixProducts
    let a: [Float], b: [Float]
    let callers: Int

    init(callers: Int) {
        let largest = products.map { max($0.m * $0.k, $0.k * $0.n, $0.m * $0.n) }.max()!
        a = (0..<largest).map { Float($0 % 7) * 0.01 }
        b = (0..<largest).map { Float($0 % 5) * 0.01 }
        self.callers = callers
    }

    func run() throws -> Int {
        concurrently(callers) {
            var c = [Float](repeating: 0, count: a.count)
            for product in products {
                BLAS.sgemm(m: product.m, n: product.n, k: product.k, a: a, lda: product.k, b: b, ldb: product.n,
                           c: &c, ldc: product.n)
            }
        }
        return callers
    }
}

/// One forward pass of the network on a preprocessed input, per caller.
struct Forward: Benchmark {
    let name = "network forward (224×224 tensor → logits)"
    let network: EfficientNetLite0
    let input: Tensor
    let callers: Int

    func run() throws -> Int {
        concurrently(callers) { _ = network.logits(for: input) }
        return callers
    }
}

/// What the labels stage does per capture: preprocess the working image, run the network, map to labels.
struct CaptureLabelling: Benchmark {
    let name: String
    let classifier: ImageClassifier
    let image: RGBImage
    let callers: Int

    func run() throws -> Int {
        concurrently(callers) { _ = classifier.labels(for: image, threshold: 0.2, limit: 8) }
        return callers
    }
}

/// Preprocessing alone: crop, resize, normalise.
struct Preprocess: Benchmark {
    let name: String
    let image: RGBImage

    func run() throws -> Int {
        _ = ClassifierInput.tensor(from: image)
        return 1
    }
}

/// Runs `work` on `callers` threads at once (the stage's workers) and waits for all.
func concurrently(_ callers: Int, _ work: @escaping @Sendable () -> Void) {
    if callers == 1 { return work() }
    DispatchQueue.concurrentPerform(iterations: callers) { _ in work() }
}

/// A smooth synthetic photograph-sized image (gradients), so preprocessing reads every pixel.
func syntheticImage(width: Int, height: Int) -> RGBImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            let index = (y * width + x) * 3
            pixels[index] = UInt8(x * 255 / width)
            pixels[index + 1] = UInt8(y * 255 / height)
            pixels[index + 2] = UInt8((x + y) % 256)
        }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
}
