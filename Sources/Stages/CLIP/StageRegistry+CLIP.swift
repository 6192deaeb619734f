import ModelEngine
import Runner

extension StageRegistry {
    /// Registers `clip.embed` (DecodedCapture → ImageVector). Option `model`: the model folder (default
    /// `$XDG_DATA_HOME/pool-pipeline/models/clip-vit-b32`; relative paths start at the pipeline file's folder).
    /// Option `manifest`: a `ModelManifest` JSON; when set, an installed model's files are checked against its
    /// sizes and SHA-256 digests before loading, and a mismatch stops the pipeline loading.
    ///
    /// Option `batch`: the most images one encoder call runs (default 8). Concurrent workers' captures are
    /// batched, one batch per core at a time: the stage needs one BLAS caller per core (`RuntimeNeed`), which
    /// the loader settles with the other stages' needs; give the stage a concurrency of about `batch` × cores
    /// (see docs/models.md).
    public mutating func registerCLIPStages() {
        registerRuntime(.blasThreads) { BLAS.setThreads($0) }
        register("clip.embed") { setup in
            let path = try setup.options.string("model").map(setup.environment.resolve(path:))
                ?? CLIPModelFolder.defaultPath()
            let manifestPath = try setup.options.string("manifest").map(setup.environment.resolve(path:))
            let batch = try setup.options.int("batch", default: 8, in: 1...64)
            let lanes = BLAS.availableCores
            setup.need(.blasCallers(lanes))
            let folder = CLIPModelFolder(path: path)
            if let manifestPath, folder.status.isInstalled {
                do {
                    try ModelManifest(contentsOf: manifestPath).verify(folder: path)
                } catch {
                    throw setup.options.invalid("manifest", "the installed CLIP model fails verification: \(error)")
                }
            }
            do {
                return try CLIPEmbedStage(folder: folder, maxBatch: batch, lanes: lanes)
            } catch {
                throw setup.options.invalid("model", "cannot load the CLIP model: \(error)")
            }
        }
    }
}
