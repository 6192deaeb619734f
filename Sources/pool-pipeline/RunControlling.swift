import Foundation
import IndexClient
import Runner

/// What signals act on: the library's run (`IndexRun`), or a stand-in while it is being set up.
protocol RunControlling: Sendable {
    func stop(_ reason: StopReason)
    func pause()
    func resume()
    /// Ends the process at once (a second Ctrl-C), leaving the index consistent and the run recorded as stopped.
    func quitNow(exitCode: Int32) -> Never
}

extension IndexRun: RunControlling {
    /// Pauses the pass under way (SIGUSR1); a watch starts none until resumed, its paused state kept beside the index.
    func pause() {
        do { try setPaused(true) } catch { printError("pause: \(error)") }
    }

    func resume() {
        do { try setPaused(false) } catch { printError("resume: \(error)") }
    }
}
