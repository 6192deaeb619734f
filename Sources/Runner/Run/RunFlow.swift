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
    /// For each committing stage: its outputs waiting for the stage's verdict, and the receipts it reports to.
    private let pendingCommits: [PendingCommits?]
    private let receipts: [CommitReceipts?]
    /// Verdicts of committing stages, and the news that one finished, in the order they were reported.
    private let commitEvents: AsyncStream<CommitEvent>
    private let commitSink: AsyncStream<CommitEvent>.Continuation
    private var journal: (any RunJournal)? { runner.options.journal }
    /// What the journal said this run must try alone; set once before listing starts.
    private let isolated = Mutex<Set<CaptureID>>([])
    /// Present when some captures must be tried alone.
    private let isolation = Mutex<IsolationGate?>(nil)
    /// Whether the journal was begun (the run held its grant), so it is ended with the run.
    private let journalBegun = Atomic(false)

    init(runner: PipelineRunner) {
        self.runner = runner
        let graph = runner.graph
        channels = graph.stages.map { BoundedChannel(capacity: $0.buffer) }
        collectors = graph.stages.map { $0.joins ? JoinCollector() : nil }
        tracker = CompletionTracker(terminalsBySource: graph.terminalsBySource)
        openInputs = Mutex(graph.stages.map { $0.upstreamSources.count + $0.upstreamStages.count })
        runningWorkers = Mutex(graph.stages.map(\.concurrency))
        (commitEvents, commitSink) = AsyncStream.makeStream(of: CommitEvent.self)
        pendingCommits = graph.stages.map { $0.stage.commits ? PendingCommits() : nil }
        receipts = graph.stages.indices.map { [commitSink] index in
            graph.stages[index].stage.commits
                ? CommitReceipts { capture, verdict in commitSink.yield(.verdict(stage: index, capture, verdict)) }
                : nil
        }
    }

    /// Sleeps on `clock` (the runner's, a manual one in tests).
    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    func run() async -> RunSummary {
        if let grant = runner.options.grant, await !acquire(grant) { return end() }
        let carried = runner.options.continuation
        failures.withLock { $0 = carried?.failures ?? [] }
        runner.statusCenter.apply(.runStarted(notes: graph.runtime.notes + graph.stages.flatMap(\.stage.notes),
                                              at: carried?.startedAt ?? Date(), carriedIndexed: carried?.indexed ?? 0,
                                              carriedFailed: carried?.failed ?? 0))
        if let journal, await !begin(journal) { return end() }
        // The conditions at the start hold before any capture enters; then they are read every interval.
        runner.checkPower()
        let power = runner.options.powerMonitor.map { _ in
            Task { [runner] in
                while !Task.isCancelled {
                    guard (try? await Self.sleep(on: runner.options.clock, for: runner.options.powerInterval)) != nil
                    else { return }
                    runner.checkPower()
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
            if graph.stages.contains(where: \.stage.commits) {
                group.addTask { await self.settleCommits() }
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

    // MARK: Journal

    /// Settles what the last process left under way; false when that failed and the run must end.
    private func begin(_ journal: any RunJournal) async -> Bool {
        do {
            journalBegun.store(true, ordering: .releasing)
            let start = try await journal.begin()
            for failure in start.failures {
                failures.withLock { $0.append(failure) }
                runner.statusCenter.apply(.failed)
            }
            if !start.isolated.isEmpty {
                isolated.withLock { $0 = start.isolated }
                isolation.withLock { $0 = IsolationGate() }
            }
            return true
        } catch {
            runner.requestStop(.failure("reading the captures the last run left under way failed: \(error)"))
            return false
        }
    }

    /// `capture` is no longer under way in the stages (done, held by a committing stage, or turned away).
    private func leave(_ capture: CaptureID) {
        isolation.withLock { $0 }?.leave(capture)
    }

    // MARK: Sources

    private func list(source index: Int) async {
        let node = graph.sources[index]
        let context = SourceContext(sourceID: node.id, ledger: runner.ledger, announceTotal: { [self] in announce($0) },
                                    reportSkipped: { [runner] in runner.statusCenter.skip($0) })
        do {
            try await node.source.captures(context, { [self] found in
                if runner.stopRequest != nil { throw StopListing() }
                let alone = isolated.withLock { $0.contains(found.id) }
                await isolation.withLock { $0 }?.enter(found.id, alone: alone)
                tracker.register(found.id, source: index, signature: found.signature)
                journal?.admitted(found.id, source: node.id, signature: found.signature,
                                  path: (found.value as? any NamedCapture)?.capturePath, alone: alone)
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
            var held = false
            if case .value(let value) = envelope.payload {
                guard await gate.enter() else {                  // stopping before it started: left for the next run
                    leave(envelope.capture)
                    continue
                }
                let context = StageContext(stageID: node.id, capture: envelope.capture, worker: worker,
                                           receipts: receipts[index])
                journal?.entered(envelope.capture, stage: node.id)
                defer { journal?.left(envelope.capture, stage: node.id) }
                do {
                    let output = try await node.stage.process(value, context)
                    outgoing = Envelope(capture: envelope.capture, source: envelope.source, payload: .value(output))
                    held = node.stage.commits
                } catch {
                    let failure = CaptureFailure(capture: envelope.capture, stageID: node.id,
                                                 reason: String(describing: error))
                    outgoing = Envelope(capture: envelope.capture, source: envelope.source, payload: .failed(failure))
                }
                gate.leave()
            }
            if held {
                // A committing stage's capture goes on once the stage reports it stored (or not).
                leave(envelope.capture)
                if let settled = pendingCommits[index]?.outputArrived(outgoing) { await pass(settled, from: index) }
            } else {
                await pass(outgoing, from: index)
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
        if node.stage.commits {
            commitSink.yield(.finished(stage: index))        // after the verdicts `finish()` reported
        } else {
            for target in node.downstream { inputFinished(target) }
        }
    }

    /// Hands a stage's output to the stages after it, or completes the capture at a terminal stage.
    private func pass(_ envelope: Envelope, from index: Int) async {
        let node = graph.stages[index]
        if node.downstream.isEmpty {
            await complete(envelope)
        } else {
            for target in node.downstream { await deliver(envelope, to: target) }
        }
    }

    // MARK: Commits

    /// Passes on each committing stage's captures as their verdicts come in; once such a stage has finished, fails
    /// what it never reported and closes the stages after it. Ends when every committing stage has finished.
    private func settleCommits() async {
        var open = graph.stages.filter(\.stage.commits).count
        for await event in commitEvents {
            switch event {
            case .verdict(let index, let capture, let verdict):
                if let settled = pendingCommits[index]?.verdictArrived(verdict, for: capture) {
                    await pass(settled, from: index)
                }
            case .finished(let index):
                let node = graph.stages[index]
                for output in pendingCommits[index]?.drainUnsettled() ?? [] {
                    await pass(PendingCommits.Settled(output: output, verdict: .failed(
                        reason: "stage \"\(node.id)\" finished without storing it")), from: index)
                }
                for target in node.downstream { inputFinished(target) }
                open -= 1
                if open == 0 { commitSink.finish() }
            }
        }
    }

    private func pass(_ settled: PendingCommits.Settled, from index: Int) async {
        switch settled.verdict {
        case .stored:
            await pass(settled.output, from: index)
        case .failed(let reason):
            let output = settled.output
            let failure = CaptureFailure(capture: output.capture, stageID: graph.stages[index].id, reason: reason)
            await pass(Envelope(capture: output.capture, source: output.source, payload: .failed(failure)), from: index)
        }
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
        let completion = tracker.arrive(envelope)
        defer {
            if completion != nil {
                journal?.finished(envelope.capture)
                leave(envelope.capture)
            }
        }
        switch completion {
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
        if journalBegun.load(ordering: .acquiring) { journal?.end(complete: stop == nil && waitingPath.withLock { $0 } == nil) }
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

/// What a committing stage reported, in order: a verdict on one capture, or that the stage finished.
private enum CommitEvent: Sendable {
    case verdict(stage: Int, CaptureID, CommitReceipts.Verdict)
    case finished(stage: Int)
}
