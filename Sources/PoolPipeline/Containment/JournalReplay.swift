import Runner

/// What the journal a process left behind says, read back by the next process: which captures were under way and
/// in which stages, whether the process died (and how), and what to do about each capture. Pure: text in,
/// decisions out.
struct JournalReplay: Equatable {
    /// A capture that was under way when the journal ended.
    struct UnderWay: Equatable {
        var capture: JournalCapture
        var alone: Bool
        /// The stages it was inside, by name, in pipeline order of first entry.
        var stages: [String]
    }

    /// What the next run must do.
    struct Settlement: Equatable {
        /// Captures to try again, each on its own.
        var isolate: [JournalCapture] = []
        /// Captures that took the process down on their own after doing so with others: to record as failed.
        var failures: [(JournalCapture, CaptureFailure)] = []

        static func == (lhs: Settlement, rhs: Settlement) -> Bool {
            lhs.isolate == rhs.isolate && lhs.failures.map(\.0) == rhs.failures.map(\.0)
                && lhs.failures.map(\.1) == rhs.failures.map(\.1)
        }
    }

    private(set) var underWay: [UnderWay] = []
    /// Suspects carried from an earlier crash and not yet done.
    private(set) var carried: [JournalCapture] = []
    /// How the process died, in words ("SIGABRT", "went past the memory ceiling of 4096 MiB"); nil when the
    /// journal shows no death the process or its supervisor saw (a clean end, a kill from outside, a power cut).
    private(set) var death: String?
    /// The capture and stage the crashing thread was working on, when it was inside a stage.
    private(set) var crashedIn: (capture: JournalCapture, stage: String)?

    static func == (lhs: JournalReplay, rhs: JournalReplay) -> Bool {
        lhs.underWay == rhs.underWay && lhs.carried == rhs.carried && lhs.death == rhs.death
            && lhs.crashedIn?.capture == rhs.crashedIn?.capture && lhs.crashedIn?.stage == rhs.crashedIn?.stage
    }

    init(text: String) {
        var stages: [Int: String] = [:]
        var entries: [UInt64: (capture: JournalCapture, alone: Bool, stages: [Int])] = [:]
        var order: [UInt64] = []
        var carried: [JournalCapture] = []
        var doneCaptures = Set<CaptureID>()
        var crashWork: UInt64 = 0
        for line in text.split(separator: "\n").compactMap(JournalLine.init) {
            switch line {
            case .suspect(let capture): carried.append(capture)
            case .stage(let ordinal, let name): stages[ordinal] = name
            case .admitted(let token, let alone, let capture):
                entries[token] = (capture, alone, [])
                order.append(token)
            case .entered(let token, let ordinal): entries[token]?.stages.append(ordinal)
            case .left(let token, let ordinal):
                if let index = entries[token]?.stages.firstIndex(of: ordinal) { entries[token]?.stages.remove(at: index) }
            case .done(let token):
                if let entry = entries.removeValue(forKey: token) { doneCaptures.insert(entry.capture.capture) }
            case .crashed(let signal, let work):
                if death == nil || death?.hasPrefix("went past") == false { death = Self.name(of: signal) }
                crashWork = work
            case .overMemory(let rss, let ceiling):
                death = "went past the memory ceiling of \(ceiling) MiB (\(rss) MiB in use)"
            case .killed(let signal):
                if death == nil { death = Self.name(of: signal) }
            }
        }
        func name(_ ordinal: Int) -> String { stages[ordinal] ?? "stage \(ordinal)" }
        underWay = order.compactMap { token in
            entries[token].map { UnderWay(capture: $0.capture, alone: $0.alone, stages: $0.stages.map(name)) }
        }
        self.carried = carried.filter { !doneCaptures.contains($0.capture) }
        if crashWork != 0, let entry = entries[crashWork >> 16] {
            crashedIn = (entry.capture, name(Int(crashWork & 0xFFFF) - 1))
        }
    }

    /// What to do: after a death the process saw, the capture the crashing thread was inside (or, when that is
    /// unknown, every capture inside a stage) is tried again alone, or failed if it already was alone; suspects
    /// from earlier crashes not yet tried stay suspects. Without such a death, captures under way are simply
    /// listed again by the next run.
    func settle() -> Settlement {
        var settlement = Settlement()
        var seen = Set<CaptureID>()
        if let death {
            let blamed: [(UnderWay, [String])]
            if let crashedIn, let entry = underWay.first(where: { $0.capture == crashedIn.capture }) {
                blamed = [(entry, [crashedIn.stage])]
            } else {
                let inside = underWay.filter { !$0.stages.isEmpty }
                blamed = (inside.isEmpty ? underWay : inside).map { ($0, $0.stages) }
            }
            for (entry, stages) in blamed where seen.insert(entry.capture.capture).inserted {
                if entry.alone {
                    let stage = stages.first ?? "an unknown stage"
                    let place = stages.count > 1 ? stages.joined(separator: " or ") : stage
                    settlement.failures.append((entry.capture, CaptureFailure(
                        capture: entry.capture.capture, stageID: stage,
                        reason: (entry.capture.path.map { "\($0) " } ?? "")
                            + "ended the process in \(place) (\(death)), with other captures and again on its own; "
                            + "not tried again until the file changes")))
                } else {
                    settlement.isolate.append(entry.capture)
                }
            }
        }
        for capture in carried where seen.insert(capture.capture).inserted {
            settlement.isolate.append(capture)
        }
        return settlement
    }

    /// A signal's name as people know it ("SIGABRT"), or "signal N".
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV"]
        return names[signal] ?? "signal \(signal)"
    }
}
