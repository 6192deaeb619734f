import Runner

extension StageRegistry {
    /// Registers the decode family: the `folder` source and the `vips.decode` stage.
    ///
    /// `folder` options: `path` (required; relative to the pipeline file, `~` allowed), `recursive` (default
    /// true). `vips.decode` options: `size`, the working image's long side in pixels (default 1600, never
    /// enlarged); `threadsPerImage`, libvips threads for each image (default 1, process-wide; see
    /// benchmarks/decode.md).
    public mutating func registerDecodeStages() {
        registerSource("folder") { setup in
            guard let path = try setup.options.string("path"), !path.isEmpty else {
                throw PipelineError(file: setup.options.file, stage: setup.stageID, field: "options.path",
                                    problem: .missingField)
            }
            let recursive = try setup.options.bool("recursive", default: true)
            return FolderSource(root: setup.environment.resolve(path: path), recursive: recursive)
        }
        register("vips.decode") { setup in
            let size = try setup.options.int("size", default: 1600, in: 16...16384)
            let threads = try setup.options.int("threadsPerImage", default: 1, in: 1...64)
            let stage = try VipsDecodeStage(size: size)
            try VipsRuntime.setThreadsPerImage(threads)
            return stage
        }
    }
}
