/// A source's value that can say where its capture is (a file's path within its source), for records and messages
/// about a capture the runner otherwise knows only by id.
public protocol NamedCapture {
    /// The capture's path within its source.
    var capturePath: String { get }
}
