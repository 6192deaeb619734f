import Benchmarking
import CLIPModel
import Dispatch
import ModelEngine

/// ViT-B/32's image tower on `batch` images per call, from `callers` threads at once.
final class CLIPImageBenchmark: Benchmark {
    let encoder: CLIPVisionEncoder
    var batch: Int
    var callers = 1
    var calls = 1
    private var images: [Tensor] = []

    init(encoder: CLIPVisionEncoder, batch: Int, callers: Int = 1, calls: Int = 1) {
        self.encoder = encoder
        self.batch = batch
        self.callers = callers
        self.calls = calls
    }

    var name: String { "CLIP image, batch \(batch), \(callers) caller(s) × \(BLAS.threads) BLAS thread(s)" }

    func setUp() throws {
        let size = encoder.config.vision.imageSize
        images = (0..<batch).map { index in
            Tensor(shape: [3, size, size], storage: (0..<(3 * size * size)).map { Float(($0 + index) % 255) / 128 - 1 })
        }
    }

    func run() throws -> Int {
        let encoder = self.encoder, images = self.images, calls = self.calls
        DispatchQueue.concurrentPerform(iterations: callers) { _ in
            for _ in 0..<calls { _ = encoder.embed(images) }
        }
        return batch * callers * calls
    }

    /// Floating-point operations the encoder performs for one image, counting the multiply-adds of every
    /// matrix product (the last block computes only the class token past its key/value projection).
    static func flopsPerImage(_ config: CLIPConfig) -> Double {
        let vision = config.vision, t = vision.transformer
        let tokens = Double(vision.sequenceLength), width = Double(t.width), inner = Double(t.intermediateSize)
        let patches = Double(vision.gridSize * vision.gridSize)
        let patch = 2 * patches * Double(3 * vision.patchSize * vision.patchSize) * width
        func block(queries: Double) -> Double {
            2 * tokens * width * (3 * width) + 2 * 2 * queries * tokens * width
                + 2 * queries * width * width + 2 * 2 * queries * width * inner
        }
        return patch + Double(t.layers - 1) * block(queries: tokens) + block(queries: 1)
            + 2 * width * Double(config.projectionSize)
    }
}
