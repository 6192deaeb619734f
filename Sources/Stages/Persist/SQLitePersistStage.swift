import Captures
import Dispatch
import Runner
import Store

/// Stores each capture's record in the index (`sqlite.persist`), a slice of captures per transaction, and hands
/// the record on unchanged.
///
/// Records wait in a buffer until `slice` of them have arrived, then the slice is written in one transaction,
/// together with the regrouping of the moments its captures join or leave (`IndexStore.write`);
/// `finish()` writes the rest. A kill between slices loses only the captures still buffered: they are not in the
/// ledger, so the next run processes them again. When a slice cannot be written, the capture that completed it
/// fails with the reason and the others of the slice are left for the next run.
///
/// SQLite blocks while it writes, so slices are written on a serial dispatch queue of the stage's own, not on the
/// Swift concurrency pool that the other stages compute on.
public struct SQLitePersistStage: Stage {
    public typealias Input = CaptureRecord
    public typealias Output = CaptureRecord

    /// The kind name in pipeline files.
    public static let kind = "sqlite.persist"
    /// The default number of captures per transaction.
    public static let defaultSlice = 50
    /// The accepted range of the `slice` option.
    public static let sliceRange = 1...10_000

    public let store: IndexStore
    public let stageID: String
    private let buffer: SliceBufferStorage
    private let writer = DispatchQueue(label: "pool-pipeline.sqlite.persist")

    public init(store: IndexStore, slice: Int = SQLitePersistStage.defaultSlice, stageID: String = "persist") {
        self.store = store
        self.stageID = stageID
        buffer = SliceBufferStorage(SliceBuffer(sliceSize: slice))
    }

    /// Builds the stage from a pipeline node: the `slice` option, and the index the loader provides as
    /// `IndexStore` in the environment.
    public init(options: StageOptions, environment: StageEnvironment) throws(PipelineError) {
        let slice = try options.int("slice", default: Self.defaultSlice, in: Self.sliceRange)
        guard let store = environment[IndexStore.self] else {
            throw PipelineError(file: options.file, stage: options.stageID, problem: .invalidOption(
                reason: "no index is open for \(Self.kind): provide an IndexStore in the stage environment"))
        }
        self.init(store: store, slice: slice, stageID: options.stageID)
    }

    /// The number of records buffered and not yet written.
    public var pendingCount: Int { buffer.state.withLock { $0.count } }

    public func process(_ input: CaptureRecord, context: StageContext) async throws -> CaptureRecord {
        if let slice = buffer.state.withLock({ $0.append(input) }) { try await write(slice) }
        return input
    }

    public func finish() async throws {
        let rest = buffer.state.withLock { $0.drain() }
        if !rest.isEmpty { try await write(rest) }
    }

    private func write(_ slice: [CaptureRecord]) async throws {
        let store = store, stageID = stageID
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writer.async {
                do {
                    try store.write(slice)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: PersistError.sliceFailed(
                        stage: stageID, index: store.path, count: slice.count, reason: String(describing: error)))
                }
            }
        }
    }
}
