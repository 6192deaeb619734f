import ModelEngine
import Runner

extension StageRegistry {
    /// Registers `clip.embed` (DecodedCapture → ImageVector). Option `model`: the model folder (default
    /// `$XDG_DATA_HOME/pool-pipeline/models/clip-vit-b32`; relative paths start at the pipeline file's folder).
    ///
    /// Sets OpenBLAS's thread count so stage workers times BLAS threads fill the cores without oversubscribing
    /// them (see docs/models.md).
    public mutating func registerCLIPStages() {
        register("clip.embed") { setup in
            let path = try setup.options.string("model").map(setup.environment.resolve(path:))
                ?? CLIPModelFolder.defaultPath()
            BLAS.configureThreads(forConcurrentCallers: setup.concurrency)
            do {
                return try CLIPEmbedStage(folder: CLIPModelFolder(path: path))
            } catch {
                throw setup.options.invalid("model", "cannot load the CLIP model: \(error)")
            }
        }
    }
}
