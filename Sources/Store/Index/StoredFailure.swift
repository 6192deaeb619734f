import Foundation
import Runner

/// A capture that failed, as the index records it: why, in which source, and the file's signature then.
public struct StoredFailure: Sendable, Equatable {
    public var failure: CaptureFailure
    public var source: String
    /// The path within the source, when the failure was recorded with one.
    public var path: String?
    public var signature: String
    public var failedAt: Date

    public init(failure: CaptureFailure, source: String, path: String?, signature: String, failedAt: Date) {
        self.failure = failure
        self.source = source
        self.path = path
        self.signature = signature
        self.failedAt = failedAt
    }
}
