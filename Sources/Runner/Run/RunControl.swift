/// The pure control state of a run: paused or not, the power conditions, and whether it is stopping. From it
/// follows how many captures each stage may hold.
struct RunControl {
    /// Why a run is asked to stop.
    enum Stop: Equatable {
        /// The user asked (SIGINT, or `stop()`).
        case user
        /// The system asked (SIGTERM), or a background run yields to the machine's state (the reason, in words).
        case system(String?)
        /// Listing or storing failed; the description says what.
        case failure(String)
    }

    var paused = false
    var conditions = PowerConditions()
    var stop: Stop?

    /// How many captures may be inside a stage configured for `concurrency` workers.
    func limit(concurrency: Int) -> Int {
        if stop != nil { return concurrency }
        if paused { return 0 }
        return conditions.concurrency(for: concurrency)
    }
}
