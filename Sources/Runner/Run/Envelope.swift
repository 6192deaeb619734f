/// One capture's value on its way between two stages, or the news that it failed upstream (which still travels
/// the edges, so joins and the completion count hear of it).
struct Envelope: Sendable {
    enum Payload: Sendable {
        case value(any Sendable)
        case failed(CaptureFailure)
    }

    let capture: CaptureID
    /// Index of the source that found the capture.
    let source: Int
    let payload: Payload
}
