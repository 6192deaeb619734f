import Captures
import Dispatch
import Runner
import Store

/// Stores each capture's record in the index (`sqlite.persist`), a slice of captures per transaction, and hands
/// the record on unchanged. Besides the built-in parts, it joins the part of every stage family attached to the
/// store (`IndexStore.attach`), which the store writes through the family's declaration.
///
/// Records wait in a buffer until `slice` of them have arrived, then the slice is written in one transaction,
/// together with the regrouping of the moments its captures join or leave (`IndexStore.write`);
/// `finish()` writes the rest. A capture counts as indexed only once its slice has committed (the stage reports
/// each slice through the run's `CommitReceipts`), so a kill between slices loses only captures that no count
/// included: they are not in the ledger, and the next run processes them again. When a slice cannot be written,
/// exactly its captures fail, with the reason. (Outside a runner, with no receipts, the call that completed the
/// slice throws instead.)
///
/// SQLite blocks while it writes, so slices are written on a serial dispatch queue of the stage's own, not on the
/// Swift concurrency pool that the other stages compute on.
public struct SQLitePersistStage: CommittingStage, OpenJoin {
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

    /// Besides the built-in parts of a `CaptureRecord`, the parts of every family attached to the store: a stage
    /// whose output a family declares how to store can feed this stage, with no change to it.
    public var extraParts: ExtraParts { .only(store.families.map(\.partType)) }

    /// The number of records buffered and not yet written.
    public var pendingCount: Int { buffer.state.withLock { $0.count } }

    public func process(_ input: CaptureRecord, context: StageContext) async throws -> CaptureRecord {
        if let receipts = context.receipts { buffer.receipts.withLock { $0 = receipts } }
        if let slice = buffer.state.withLock({ $0.append(input) }) { try await write(slice) }
        return input
    }

    public func finish() async throws {
        let rest = buffer.state.withLock { $0.drain() }
        if !rest.isEmpty { try await write(rest) }
    }

    /// Writes `slice` in one transaction and reports it stored or failed to the run's receipts; with no receipts
    /// (outside a runner) a slice that fails throws.
    private func write(_ slice: [CaptureRecord]) async throws {
        let store = store, stageID = stageID
        let receipts = buffer.receipts.withLock { $0 }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writer.async {
                let ids = slice.map(\.file.id)
                do {
                    try store.write(slice)
                    receipts?.stored(ids)
                    continuation.resume()
                } catch {
                    let failure = PersistError.sliceFailed(stage: stageID, index: store.path, count: slice.count,
                                                           reason: String(describing: error))
                    if let receipts {
                        receipts.failed(ids, reason: failure.description)
                        continuation.resume()
                    } else {
                        continuation.resume(throwing: failure)
                    }
                }
            }
        }
    }
}
