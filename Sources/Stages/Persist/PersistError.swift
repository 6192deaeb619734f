/// Why the persist stage could not store captures.
public enum PersistError: Error, CustomStringConvertible {
    /// Writing a slice failed: none of its captures is in the index, and each fails with this reason.
    case sliceFailed(stage: String, index: String, count: Int, reason: String)

    public var description: String {
        switch self {
        case .sliceFailed(let stage, let index, let count, let reason):
            "stage \"\(stage)\" could not write a slice of \(count) captures to the index at \(index): \(reason)"
        }
    }
}
