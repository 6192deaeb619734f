/// An indexed capture as `pool-pipeline similar` lists it: where it is, and how far its fingerprint is from the
/// capture asked about (Hamming distance, 0 = the same fingerprint).
public struct SimilarCapture: Sendable, Equatable {
    public var id: String
    public var source: String
    /// The path within its source, as export shows it.
    public var path: String
    public var distance: Int
    /// The moment the capture is in (null when alone), as export shows it.
    public var moment: String?

    public init(id: String, source: String, path: String, distance: Int, moment: String?) {
        self.id = id
        self.source = source
        self.path = path
        self.distance = distance
        self.moment = moment
    }
}
