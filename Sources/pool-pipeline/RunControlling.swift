import Foundation
import PoolPipeline
import Runner

/// What signals act on: a single run, or a watch that runs again and again.
protocol RunControlling: Sendable {
    func stop(_ reason: StopReason)
    func pause()
    func resume()
    /// Ends the process at once (a second Ctrl-C), leaving the index consistent and the run recorded as stopped.
    func quitNow(exitCode: Int32) -> Never
}

extension Indexer: RunControlling {
    func stop(_ reason: StopReason) { runner.stop(reason) }
    func pause() { runner.pause() }
    func resume() { runner.resume() }
}

extension IndexWatcher: RunControlling {
    /// Pauses the pass under way and starts none until resumed (SIGUSR1); the paused state is kept beside the index.
    func pause() {
        do { try setPaused(true) } catch { printError("pause: \(error)") }
    }

    func resume() {
        do { try setPaused(false) } catch { printError("resume: \(error)") }
    }

    /// Quits through the run under way; between runs the status is already saved.
    func quitNow(exitCode: Int32) -> Never {
        if let indexer = currentIndexer { indexer.quitNow(exitCode: exitCode) }
        fflush(nil)                        // every output stream
        _exit(exitCode)
    }
}
