import Dispatch
import Foundation
import Runner
import Synchronization

/// Turns signals into runner calls while a run is under way: SIGINT stops (a second SIGINT quits at once),
/// SIGTERM stops as the system, SIGUSR1 pauses and SIGUSR2 resumes (what `pool-pipeline pause`/`resume` send).
final class SignalRelay {
    private let sources: [any DispatchSourceSignal]

    init(runner: any RunControlling) {
        let queue = DispatchQueue(label: "pool-pipeline.signals")
        let interrupts = Counter()
        var sources: [any DispatchSourceSignal] = []
        func watch(_ number: Int32, _ handler: @escaping @Sendable () -> Void) {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
        watch(SIGINT) {
            if interrupts.increment() > 1 {
                FileHandle.standardError.write(Data("\nquitting at once; the index stays consistent\n".utf8))
                runner.quitNow(exitCode: ExitCode.interrupted.rawValue)
            }
            FileHandle.standardError.write(Data("\nstopping: captures under way finish (Ctrl-C again to quit at once)\n".utf8))
            runner.stop(.user)
        }
        watch(SIGTERM) { runner.stop(.system) }
        watch(SIGUSR1) { runner.pause() }
        watch(SIGUSR2) { runner.resume() }
        self.sources = sources
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

/// A thread-safe counter.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
