import PoolPipeline
import Runner

/// What signals act on: a single run, or a watch that runs again and again.
protocol RunControlling: Sendable {
    func stop(_ reason: StopReason)
    func pause()
    func resume()
}

extension PipelineRunner: RunControlling {}

extension IndexWatcher: RunControlling {
    /// Pauses the run under way; between runs there is nothing to pause.
    func pause() { currentRunner?.pause() }
    func resume() { currentRunner?.resume() }
}
