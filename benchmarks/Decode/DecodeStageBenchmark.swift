import Benchmarking
import Captures
import DecodeStages

/// The `vips.decode` stage over a set of files, with `workers` captures decoded at once (as the runner's
/// concurrency would) and libvips using `threadsPerImage` threads for each.
struct DecodeStageBenchmark: Benchmark {
    var files: [CaptureFile]
    var size: Int
    var workers: Int
    var threadsPerImage: Int

    var name: String { "vips.decode, \(workers) worker(s), \(threadsPerImage) vips thread(s)/image" }

    func setUp() throws { try VipsRuntime.setThreadsPerImage(threadsPerImage) }

    func tearDown() { try? VipsRuntime.setThreadsPerImage(1) }

    func run() async throws -> Int {
        let stage = try VipsDecodeStage(size: size)
        let files = self.files
        let workers = self.workers
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var pixels = 0
                    for index in stride(from: worker, to: files.count, by: workers) {
                        pixels += try stage.decode(files[index]).image.pixels.count
                    }
                    return pixels
                }
            }
            var total = 0
            for try await pixels in group { total += pixels }
            precondition(total > 0, "decoded nothing")
            return files.count
        }
    }
}
