import Dispatch
import ModelEngine

/// Gathers images from concurrent callers into batches for the vision encoder, running at most `lanes`
/// batches at once: a caller that arrives while every lane is busy joins the next batch. Batches then grow
/// with the stage's concurrency and need no timer.
///
/// Batching pays because each matrix multiply packs its weight matrix once per call: eight images share one
/// packing instead of eight. One lane per core with one BLAS thread each beat one lane with every BLAS
/// thread on this shared 2-core machine (see docs/models.md).
public actor CLIPBatchQueue {
    public let encoder: CLIPVisionEncoder
    /// The most images one batch holds.
    public let maxBatch: Int
    /// The most batches that run at once.
    public let lanes: Int
    private var waiting: [(pixels: Tensor, continuation: CheckedContinuation<[Float], Never>)] = []
    /// One serial dispatch queue per lane: batches run there, not on Swift's cooperative threads, so a long
    /// batch does not starve the other stages' tasks.
    private let laneQueues: [DispatchQueue]
    private var freeLanes: [Int]

    public init(encoder: CLIPVisionEncoder, maxBatch: Int, lanes: Int = 1) {
        self.encoder = encoder
        self.maxBatch = max(1, maxBatch)
        self.lanes = max(1, lanes)
        laneQueues = (0..<max(1, lanes)).map { DispatchQueue(label: "clip.embed.lane\($0)") }
        freeLanes = Array((0..<max(1, lanes)).reversed())
    }

    /// The unit-length vector of one preprocessed image ([3, size, size]).
    public func embed(_ pixels: Tensor) async -> [Float] {
        await withCheckedContinuation { continuation in
            waiting.append((pixels, continuation))
            if let lane = freeLanes.popLast() {
                Task { await drain(lane: lane) }
            }
        }
    }

    private func drain(lane: Int) async {
        while !waiting.isEmpty {
            let batch = Array(waiting.prefix(maxBatch))
            waiting.removeFirst(batch.count)
            let encoder = self.encoder
            let images = batch.map(\.pixels)
            // Off the actor, so callers can queue for the next batch meanwhile.
            let embedded = await withCheckedContinuation { continuation in
                laneQueues[lane].async { continuation.resume(returning: encoder.embed(images)) }
            }
            for (index, entry) in batch.enumerated() {
                entry.continuation.resume(returning: embedded.row(index))
            }
        }
        freeLanes.append(lane)
    }
}
