import Runner

extension StageRegistry {
    /// Registers the decode family: the `folder` source and the `vips.decode` stage.
    ///
    /// `folder` options: `path` (required; relative to the pipeline file, `~` allowed), `recursive` (default
    /// true). `vips.decode` options: `size`, the working image's long side in pixels (default 1600, never
    /// enlarged); `threadsPerImage`, libvips threads for each image (default 1, process-wide; see
    /// benchmarks/decode.md); `maxMegapixels` (default 300), `maxSide` (pixels, default 65535) and
    /// `maxDecodeMegabytes` (for formats decoded whole, HEIF and GIF; default 1200): what a header may claim before
    /// the capture is refused undecoded (`DecodeLimits`); `failOn`, which damage fails a capture: "none",
    /// "truncated", "error" (default) or "warning" (`DecodeFailLevel`).
    public mutating func registerDecodeStages() {
        registerRuntime(.vipsThreadsPerImage) { try VipsRuntime.setThreadsPerImage($0) }
        registerSource("folder") { setup in
            guard let path = try setup.options.string("path"), !path.isEmpty else {
                throw PipelineError(file: setup.options.file, stage: setup.stageID, field: "options.path",
                                    problem: .missingField)
            }
            let recursive = try setup.options.bool("recursive", default: true)
            var source = FolderSource(root: setup.environment.resolve(path: path), recursive: recursive)
            source.inProgress = setup.environment[FilesInProgress.self]
            return source
        }
        register("vips.decode") { setup in
            let size = try setup.options.int("size", default: 1600, in: 16...16384)
            let threads = try setup.options.int("threadsPerImage", default: 1, in: 1...64)
            let standard = DecodeLimits.standard
            let megapixels = try setup.options.int("maxMegapixels", default: standard.maxPixels / 1_000_000,
                                                   in: 1...100_000)
            let side = try setup.options.int("maxSide", default: standard.maxSide, in: 16...10_000_000)
            let megabytes = try setup.options.int("maxDecodeMegabytes", default: standard.maxWholeFrameBytes >> 20,
                                                  in: 16...1_048_576)
            let levelName = try setup.options.string("failOn", default: DecodeFailLevel.error.rawValue)
            guard let failOn = DecodeFailLevel(rawValue: levelName) else {
                let known = DecodeFailLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw setup.options.invalid("failOn", "must be one of \(known), found \"\(levelName)\"")
            }
            let limits = DecodeLimits(maxPixels: megapixels * 1_000_000, maxSide: side,
                                      maxWholeFrameBytes: megabytes << 20)
            let stage = try VipsDecodeStage(size: size, limits: limits, failOn: failOn)
            setup.need(.vipsThreadsPerImage(threads))
            return stage
        }
    }
}
