import CLIPModel
import Foundation
import Store
import Synchronization

/// The vector half of hybrid search: the query's CLIP text vector compared with every image vector of the same
/// model, the nearest kept. The text encoder and the index's vectors are loaded on first use and kept; without
/// an installed model (or without vectors in the index) a search is text alone.
final class QueryVectors: Sendable {
    /// How many nearest captures join the text ranking.
    static let candidates = 200
    /// Below this cosine a capture is not a candidate.
    static let minimumSimilarity: Float = 0.2

    private let folder: CLIPModelFolder
    private let state = Mutex<State>(State())

    private struct State {
        var embedder: TextQueryEmbedder?
        var failed = false
        /// The vectors loaded, by index path and capture count when loaded.
        var table: VectorTable?
    }

    init(modelFolder: String?) {
        folder = CLIPModelFolder(path: modelFolder ?? CLIPModelFolder.defaultPath())
    }

    /// Whether the model is installed.
    var isAvailable: Bool { folder.status.isInstalled }

    /// The nearest captures to `text` (capture id → cosine), empty without a model or vectors.
    func nearest(to text: String, in store: IndexStore) throws -> [String: Float] {
        guard isAvailable else { return [:] }
        let embedder: TextQueryEmbedder? = state.withLock { state in
            if state.embedder == nil, !state.failed {
                state.embedder = try? TextQueryEmbedder(folder: folder)
                state.failed = state.embedder == nil
            }
            return state.embedder
        }
        guard let embedder else { return [:] }
        let count = try store.captureCount
        let table = try state.withLock { state -> VectorTable in
            if let table = state.table, table.path == store.path, table.captureCount == count { return table }
            let table = VectorTable(path: store.path, captureCount: count,
                                    vectors: try store.vectors(model: embedder.modelName))
            state.table = table
            return table
        }
        guard !table.ids.isEmpty else { return [:] }
        return table.nearest(to: embedder.embed(text), count: Self.candidates, minimum: Self.minimumSimilarity)
    }
}
