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
    /// Pauses the run under way; between runs there is nothing to pause.
    func pause() { currentRunner?.pause() }
    func resume() { currentRunner?.resume() }

    /// Quits through the run under way; between runs the status is already saved.
    func quitNow(exitCode: Int32) -> Never {
        if let indexer = currentIndexer { indexer.quitNow(exitCode: exitCode) }
        fflush(nil)                        // every output stream
        _exit(exitCode)
    }
}
