import Synchronization

/// A flag a caller sets to stop transfers under way: libcurl's progress callback sees it within a fraction of a
/// second (and at the next block of data) and abandons the transfer with `HTTPError.cancelled`.
public final class TransferCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
