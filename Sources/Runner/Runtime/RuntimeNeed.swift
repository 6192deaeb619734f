/// A process-wide setting a stage needs from a library it runs on, declared by its factory (`StageSetup.need`)
/// and settled once for the whole graph when the pipeline loads (`RuntimeSettings`), instead of by whichever
/// factory runs last.
public enum RuntimeNeed: Sendable, Equatable {
    /// This many workers of the stage call BLAS at once; BLAS gets cores ÷ (all callers in the graph) threads
    /// per call, at least one.
    case blasCallers(Int)
    /// libvips threads to evaluate one image; the graph gets the largest asked for.
    case vipsThreadsPerImage(Int)
    /// OpenMP regions limited to this many threads; the graph gets the smallest asked for.
    case openMPThreadLimit(Int)

    /// The setting this need is about.
    public var resource: RuntimeResource {
        switch self {
        case .blasCallers: .blasThreads
        case .vipsThreadsPerImage: .vipsThreadsPerImage
        case .openMPThreadLimit: .openMPThreadLimit
        }
    }
}

/// A process-wide library setting the loader settles: what a family registers an applier for
/// (`StageRegistry.registerRuntime`).
public enum RuntimeResource: String, Sendable, Hashable, CaseIterable {
    case blasThreads = "BLAS threads per call"
    case vipsThreadsPerImage = "libvips threads per image"
    case openMPThreadLimit = "OpenMP thread limit"
}
