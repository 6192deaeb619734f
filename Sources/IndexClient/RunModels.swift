import ModelInstall
import PoolPipeline
import Synchronization

/// The models' side of a library run (`PoolIndex.run(pipeline:mode:powerMonitor:models:)`): each pass installs the
/// published models once it has listed the library (in the background: the pass never waits), and each pass that
/// ends has the captures without a vector filled in with the installed model. So in a run that repeats (a mode
/// with a retry), `visuallyIndexedAssets` climbs while the run goes on, not only when it ends. One install and one
/// backfill at a time, in pass order; failures are in the models status (`PoolIndexStatus.models`).
final class RunModels: Sendable {
    let delivery: ModelDelivery
    private let state = Mutex<State>(State())

    private struct State {
        /// The install the pass under way started.
        var installing: Task<String?, Never>?
        /// The last pass's install and backfill.
        var work: Task<Void, Never>?
    }

    init(configuration: ModelsConfiguration, indexPath: String, pipeline: String) {
        delivery = ModelDelivery(configuration: configuration, indexPath: indexPath, pipeline: pipeline)
    }

    /// Follows the watcher's passes.
    func observe(_ event: WatchEvent) {
        let delivery = self.delivery
        switch event {
        case .passStarted(let indexer, _):
            let runner = indexer.runner
            state.withLock { state in
                let previous = state.work
                state.installing = Task {
                    await previous?.value                   // the last pass's install is over before this one
                    return await delivery.installAfterListing(runner)
                }
            }
        case .passEnded:
            state.withLock { state in
                let installing = state.installing
                state.installing = nil
                state.work = Task {
                    _ = await installing?.value
                    _ = try? await delivery.backfill()      // nil when no model is installed
                }
            }
        case .waiting:
            break
        }
    }

    /// Waits for the install and backfill under way (cancelled first when the run was stopped: the download
    /// resumes next time), then ends the delivery's events.
    func finish(stopped: Bool) async {
        if stopped { delivery.cancel() }
        let (installing, work) = state.withLock { ($0.installing, $0.work) }
        _ = await installing?.value
        await work?.value
        delivery.finish()
    }
}
