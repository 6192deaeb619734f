/// Errors of the runner itself (not of a capture or of a pipeline file).
public enum RunnerError: Error, Equatable, CustomStringConvertible {
    /// A value of the wrong type reached a stage; the loader's checks make this a bug in a custom stage kind.
    case wrongInputType(stage: String, expected: String, found: String)
    /// `run()` was called on a runner that is already running or has run.
    case alreadyRunning

    public var description: String {
        switch self {
        case .wrongInputType(let stage, let expected, let found):
            "stage \"\(stage)\" expected \(expected) but received \(found)"
        case .alreadyRunning: "this runner has already been started"
        }
    }
}
