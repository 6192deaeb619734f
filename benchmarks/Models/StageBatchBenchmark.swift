import Benchmarking
import CLIPModel
import ModelEngine

/// The clip.embed stage's shape of work: 16 concurrent workers handing their images to one batch queue.
struct StageBatchBenchmark: Benchmark {
    let name: String
    let queue: CLIPBatchQueue
    let images: [Tensor]

    func run() async throws -> Int {
        let images = self.images, queue = self.queue
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for index in stride(from: worker, to: images.count, by: 16) {
                        _ = await queue.embed(images[index])
                    }
                }
            }
        }
        return images.count
    }
}
