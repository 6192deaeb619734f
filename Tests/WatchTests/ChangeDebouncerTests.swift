import FileWatch
import Testing
import TestSupport

@Suite("Changes settle into passes: one pass a burst, none while a file is written")
struct ChangeDebouncerTests {
    typealias Debouncer = ChangeDebouncer<ManualClock.Instant>
    let start = ManualClock.Instant(offset: .zero)

    func at(_ milliseconds: Int) -> ManualClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }

    @Test func givenABurstOfAThousandFiles_thenOnePassCoversThemOnceTheySettle() {
        var debouncer = Debouncer(settle: .milliseconds(500), maxDelay: .seconds(5))
        for index in 0..<1_000 {
            debouncer.record(FileChange(path: "/lib/\(index).png", kind: .writing), at: at(index))
            debouncer.record(FileChange(path: "/lib/\(index).png", kind: .complete), at: at(index))
        }
        #expect(debouncer.takePass(at: at(1_000)) == nil, "still settling")
        #expect(debouncer.deadline() == at(1_499))
        let pass = debouncer.takePass(at: at(1_499))
        #expect(pass?.paths.count == 1_000 && pass?.overflowed == false)
        #expect(debouncer.takePass(at: at(10_000)) == nil && !debouncer.hasPending, "one pass for the burst")
    }

    @Test func givenChangesThatKeepComing_thenAPassIsDueAtTheLatestMaxDelayAfterTheFirst() {
        var debouncer = Debouncer(settle: .milliseconds(500), maxDelay: .seconds(2))
        for step in 0..<10 { debouncer.record(FileChange(path: "/lib/\(step).png", kind: .complete), at: at(step * 400)) }
        #expect(debouncer.deadline() == at(2_000))
        #expect(debouncer.takePass(at: at(3_600))?.paths.count == 10)
    }

    @Test func givenAFileBeingWritten_thenNoPassUntilItIsClosed() {
        var debouncer = Debouncer(settle: .milliseconds(500), maxDelay: .seconds(2), writeTimeout: .seconds(30))
        debouncer.record(FileChange(path: "/lib/a.png", kind: .complete), at: at(0))
        debouncer.record(FileChange(path: "/lib/big.png", kind: .writing), at: at(100))
        debouncer.record(FileChange(path: "/lib/big.png", kind: .writing), at: at(900))
        #expect(debouncer.takePass(at: at(10_000)) == nil, "big.png is still open for writing")
        #expect(debouncer.filesBeingWritten == 1 && debouncer.pendingCount == 2)
        debouncer.record(FileChange(path: "/lib/big.png", kind: .complete), at: at(12_000))
        // Closed long after the first change: past the max delay, so no more settling.
        #expect(debouncer.takePass(at: at(12_000))?.paths == ["/lib/a.png", "/lib/big.png"])
    }

    @Test func givenAWriterThatNeverCloses_thenThePassGoesAheadAfterTheWriteTimeout() {
        var debouncer = Debouncer(settle: .milliseconds(500), maxDelay: .seconds(2), writeTimeout: .seconds(30))
        debouncer.record(FileChange(path: "/lib/stuck.png", kind: .writing), at: at(0))
        #expect(debouncer.deadline() == at(30_000))
        #expect(debouncer.takePass(at: at(29_999)) == nil)
        #expect(debouncer.takePass(at: at(30_000))?.paths == ["/lib/stuck.png"])
    }

    @Test func givenAnOverflow_thenThePassIsAFullOne() {
        var debouncer = Debouncer(settle: .milliseconds(500))
        debouncer.record(.overflow, at: at(0))
        let pass = debouncer.takePass(at: at(500))
        #expect(pass == .init(paths: [], overflowed: true))
    }
}
