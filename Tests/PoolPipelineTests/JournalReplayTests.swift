import Runner
import Testing
@testable import PoolPipeline

/// Journal text as a process would have left it.
private func journal(_ lines: [JournalLine]) -> String { lines.map(\.text).joined() }

private let shot = JournalCapture(source: "library", signature: "10:1", capture: CaptureID("a1"), path: "shot.png")
private let other = JournalCapture(source: "library", signature: "20:2", capture: CaptureID("b2"), path: "other\tname.png")

@Suite("The journal of captures under way, read back after the process ended")
struct JournalReplayTests {
    @Test("Given a crash inside a stage, then only the capture the crashing thread held is tried again, alone")
    func crashWithOthers() {
        let text = journal([
            .stage(ordinal: 0, name: "decode"), .stage(ordinal: 1, name: "codes"),
            .admitted(token: 1, alone: false, shot), .admitted(token: 2, alone: false, other),
            .entered(token: 1, ordinal: 1), .entered(token: 2, ordinal: 0),
            .crashed(signal: 6, work: JournalLine.work(token: 1, ordinal: 1)), .killed(signal: 6),
        ])
        let settlement = JournalReplay(text: text).settle()
        #expect(settlement.isolate == [shot])
        #expect(settlement.failures.isEmpty)
    }

    @Test("Given a capture that was alone when the process died again, then it is failed naming the stage and signal")
    func crashAlone() throws {
        let text = journal([
            .suspect(shot), .stage(ordinal: 0, name: "codes"), .admitted(token: 1, alone: true, shot),
            .entered(token: 1, ordinal: 0), .crashed(signal: 11, work: JournalLine.work(token: 1, ordinal: 0)),
        ])
        let settlement = JournalReplay(text: text).settle()
        #expect(settlement.isolate.isEmpty)
        let failure = try #require(settlement.failures.first?.1)
        #expect(failure.stageID == "codes")
        #expect(failure.reason == "shot.png ended the process in codes (SIGSEGV), with other captures and again on its "
            + "own; not tried again until the file changes")
    }

    @Test("Given a crash on a thread outside any stage, then every capture inside a stage is a suspect")
    func crashOutsideStages() {
        let text = journal([
            .stage(ordinal: 0, name: "text"), .admitted(token: 1, alone: false, shot),
            .admitted(token: 2, alone: false, other), .entered(token: 1, ordinal: 0), .entered(token: 2, ordinal: 0),
            .left(token: 2, ordinal: 0), .crashed(signal: 7, work: 0),
        ])
        #expect(JournalReplay(text: text).settle().isolate == [shot])
    }

    @Test("Given the memory ceiling, then the captures inside stages are suspects, and the reason says memory")
    func overMemory() throws {
        let text = journal([
            .stage(ordinal: 0, name: "decode"), .admitted(token: 1, alone: true, shot), .entered(token: 1, ordinal: 0),
            .overMemory(rssMiB: 5000, ceilingMiB: 4096), .killed(signal: 9),
        ])
        let failure = try #require(JournalReplay(text: text).settle().failures.first?.1)
        #expect(failure.reason.contains("went past the memory ceiling of 4096 MiB (5000 MiB in use)"))
    }

    @Test("Given a death nobody saw (kill -9, power cut), then nothing is blamed and captures are simply redone")
    func unseenDeath() {
        let text = journal([
            .stage(ordinal: 0, name: "decode"), .admitted(token: 1, alone: false, shot), .entered(token: 1, ordinal: 0),
        ])
        #expect(JournalReplay(text: text).settle() == JournalReplay.Settlement())
    }

    @Test("Given suspects from an earlier crash, then those not yet done stay suspects; done ones are cleared")
    func carriedSuspects() {
        let text = journal([.suspect(shot), .suspect(other), .admitted(token: 1, alone: true, other), .done(token: 1)])
        #expect(JournalReplay(text: text).settle().isolate == [shot])
    }

    @Test("Given a torn last line and fields with tabs, then complete lines are read and fields come back intact")
    func tornAndEscaped() {
        var text = journal([.admitted(token: 1, alone: false, other), .crashed(signal: 6, work: 0)])
        text += "E\t1"                                    // the process died while writing this line
        let replay = JournalReplay(text: text)
        #expect(replay.underWay.map(\.capture) == [other])
        #expect(replay.underWay.first?.capture.path == "other\tname.png")
    }
}
