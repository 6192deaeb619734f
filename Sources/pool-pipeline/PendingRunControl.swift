import Foundation
import Runner
import Synchronization

/// Stands in for the run while it is being set up (loading the pipeline and its models takes a while), so that a
/// Ctrl-C, SIGTERM, pause or resume in that time is not lost: each is kept and passed on once the run exists.
final class PendingRunControl: RunControlling {
    private struct State {
        var target: (any RunControlling)?
        var stop: StopReason?
        var paused = false
    }

    private let state = Mutex(State())

    /// From now on requests go to `target`; those made before are passed on now.
    func attach(_ target: any RunControlling) {
        let (stop, paused) = state.withLock { state in
            state.target = target
            return (state.stop, state.paused)
        }
        if paused { target.pause() }
        if let stop { target.stop(stop) }
    }

    func stop(_ reason: StopReason) {
        let target = state.withLock { state in
            if state.stop == nil { state.stop = reason }
            return state.target
        }
        target?.stop(reason)
    }

    func pause() {
        let target = state.withLock { state in
            state.paused = true
            return state.target
        }
        target?.pause()
    }

    func resume() {
        let target = state.withLock { state in
            state.paused = false
            return state.target
        }
        target?.resume()
    }

    /// With the run set up, quits through it; before that there is nothing to save.
    func quitNow(exitCode: Int32) -> Never {
        if let target = state.withLock({ $0.target }) { target.quitNow(exitCode: exitCode) }
        fflush(nil)
        _exit(exitCode)
    }
}
