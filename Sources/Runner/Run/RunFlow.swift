import Foundation
import Synchronization

/// The moving parts of one run: a channel in front of each stage, a collector for each join, the completion
/// tracker, and the tasks that move captures between them.
final class RunFlow: Sendable {
    private let runner: PipelineRunner
    private var graph: PipelineGraph { runner.graph }
    private let channels: [BoundedChannel<Envelope>]
    private let collectors: [JoinCollector?]
    private let tracker: CompletionTracker
    /// For each stage: producers (sources and upstream stages) still running.
    private let openInputs: Mutex<[Int]>
    /// For each stage: workers still running.
    private let runningWorkers: Mutex<[Int]>
    private let failures = Mutex<[CaptureFailure]>([])
    private let waitingPath = Mutex<String?>(nil)
    /// What held the run's grant when it gave up waiting for it.
    private let waitingFor = Mutex<String?>(nil)
    /// Sources that announced their totals, and the sum; sources done listing.
    private let listing = Mutex<(announced: Int, total: Int, finished: Int)>((0, 0, 0))

    init(runner: PipelineRunner) {
        self.runner = runner
        let graph = runner.graph
        channels = graph.stages.map { BoundedChannel(capacity: $0.buffer) }
        collectors = graph.stages.map { $0.joins ? JoinCollector() : nil }
        tracker = CompletionTracker(terminalsBySource: graph.terminalsBySource)
        openInputs = Mutex(graph.stages.map { $0.upstreamSources.count + $0.upstreamStages.count })
        runningWorkers = Mutex(graph.stages.map(\.concurrency))
    }

    func run() async -> RunSummary {
        if let grant = runner.options.grant, await !acquire(grant) { return end() }
        runner.statusCenter.apply(.runStarted(notes: graph.stages.flatMap(\.stage.notes)))
        let power = runner.options.powerMonitor.map { _ in
            Task { [runner] in
                while !Task.isCancelled {
                    runner.checkPower()
                    try? await Task.sleep(for: runner.options.powerInterval)
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for index in graph.sources.indices {
                group.addTask { await self.list(source: index) }
            }
            for (index, node) in graph.stages.enumerated() {
                for worker in 0..<node.concurrency {
                    group.addTask { await self.work(stage: index, worker: worker) }
                }
            }
        }
        power?.cancel()
        return end()
    }

    // MARK: Grant

    /// Takes the run's grant, waiting for it (phase `waitingForGrant`) when the options say so; false when the run
    /// ends without it (not waiting, stopped while waiting, or the grant failed).
    private func acquire(_ grant: any RunGrant) async -> Bool {
        do {
            while let holder = try await grant.acquire() {
                runner.statusCenter.apply(.waitingForGrant(holder: holder))
                guard runner.options.waitsForGrant, runner.stopRequest == nil else {
                    waitingFor.withLock { $0 = holder }
                    return false
                }
                try await grant.waitForChange()
                guard runner.stopRequest == nil else { return false }
            }
            return true
        } catch {
            runner.requestStop(.failure("taking the index failed: \(error)"))
            return false
        }
    }

    // MARK: Sources

    private func list(source index: Int) async {
        let node = graph.sources[index]
        let context = SourceContext(sourceID: node.id, ledger: runner.ledger, announceTotal: { [self] in announce($0) },
                                    reportSkipped: { [runner] in runner.statusCenter.skip($0) })
        do {
            try await node.source.captures(context, { [self] found in
                if runner.stopRequest != nil { throw StopListing() }
                tracker.register(found.id, source: index, signature: found.signature)
                runner.statusCenter.apply(.listed(count: 1))
                let envelope = Envelope(capture: found.id, source: index, payload: .value(found.value))
                for target in node.downstream { await deliver(envelope, to: target) }
            })
        } catch is StopListing {
        } catch SourceError.permissionDenied(let path, _) {
            waitingPath.withLock { $0 = path }
            runner.statusCenter.apply(.permissionDenied(path: path))
        } catch {
            runner.requestStop(.failure("listing \"\(node.id)\" failed: \(error)"))
        }
        let allFinished = listing.withLock { state -> Bool in
            state.finished += 1
            return state.finished == graph.sources.count
        }
        if allFinished { runner.statusCenter.apply(.listingFinished) }
        for target in node.downstream { inputFinished(target) }
    }

    /// A source said how many captures it will emit; once every source has, progress shows the total.
    private func announce(_ total: Int) {
        let sum = listing.withLock { state -> Int? in
            state.announced += 1
            state.total += total
            return state.announced == graph.sources.count ? state.total : nil
        }
        if let sum { runner.statusCenter.apply(.total(sum)) }
    }

    // MARK: Stages

    private func work(stage index: Int, worker: Int) async {
        let node = graph.stages[index]
        let gate = runner.gates[index]
        while let envelope = await channels[index].receive() {
            var outgoing = envelope
            if case .value(let value) = envelope.payload {
                guard await gate.enter() else { continue }      // stopping before it started: left for the next run
                let context = StageContext(stageID: node.id, capture: envelope.capture, worker: worker)
                do {
                    let output = try await node.stage.process(value, context)
                    outgoing = Envelope(capture: envelope.capture, source: envelope.source, payload: .value(output))
                } catch {
                    let failure = CaptureFailure(capture: envelope.capture, stageID: node.id,
                                                 reason: String(describing: error))
                    outgoing = Envelope(capture: envelope.capture, source: envelope.source, payload: .failed(failure))
                }
                gate.leave()
            }
            if node.downstream.isEmpty {
                await complete(outgoing)
            } else {
                for target in node.downstream { await deliver(outgoing, to: target) }
            }
        }
        let last = runningWorkers.withLock { running -> Bool in
            running[index] -= 1
            return running[index] == 0
        }
        guard last else { return }
        do {
            try await node.stage.finish()
        } catch {
            runner.requestStop(.failure("stage \"\(node.id)\" failed to finish: \(error)"))
        }
        for target in node.downstream { inputFinished(target) }
    }

    private func deliver(_ envelope: Envelope, to target: Int) async {
        if let collector = collectors[target] {
            let expected = graph.stages[target].arrivalsBySource[envelope.source]
            guard let joined = collector.add(envelope, expected: expected) else { return }
            await channels[target].send(joined)
        } else {
            await channels[target].send(envelope)
        }
    }

    private func inputFinished(_ target: Int) {
        let closed = openInputs.withLock { open -> Bool in
            open[target] -= 1
            return open[target] == 0
        }
        if closed { channels[target].close() }
    }

    private func complete(_ envelope: Envelope) async {
        switch tracker.arrive(envelope) {
        case nil:
            return
        case .indexed?:
            runner.statusCenter.apply(.indexed)
        case .failed(let failure, let signature, let source)?:
            failures.withLock { $0.append(failure) }
            do {
                try await runner.ledger.recordFailure(failure, source: graph.sources[source].id, signature: signature)
            } catch {
                runner.requestStop(.failure("recording a failed capture failed: \(error)"))
            }
            runner.statusCenter.apply(.failed)
        }
    }

    // MARK: End

    private func end() -> RunSummary {
        let stop = runner.stopRequest
        let path = waitingPath.withLock { $0 }
        let holder = waitingFor.withLock { $0 }
        let reason: LastRun.Reason
        var problem: String?
        switch stop {
        case .failure(let description)?:
            reason = .failed
            problem = description
        case _ where path != nil:
            reason = .waiting
            problem = "cannot read \(path!)"
        case nil where holder != nil:
            reason = .waiting
            problem = "waiting for \(holder!)"
        case .user?: reason = .stopped
        case .system(let why)?:
            reason = .endedBySystem
            problem = why
        case nil: reason = .completed
        }
        let now = Date()
        runner.statusCenter.apply(.runEnded(reason, failure: problem, at: now,
                                            nextAttempt: runner.options.retry?.nextAttempt(after: reason, at: now)))
        let status = runner.statusCenter.current
        return RunSummary(reason: reason, indexed: status.detail.indexed, failed: status.detail.failed,
                          failures: failures.withLock { $0 }, skipped: runner.statusCenter.skippedEntries,
                          problem: problem, status: status)
    }
}

/// Thrown into a source's listing to end it when the run stops.
private struct StopListing: Error {}
