import Testing
@testable import DecodeStages

@Suite("shared/exclusive gate state")
struct SharedExclusiveStateTests {
    @Test("given shared holders, then more may join, and one who wants the gate alone waits until all have left")
    func sharedThenExclusive() {
        var state = SharedExclusiveState()
        state.enterShared()
        state.enterShared()
        state.queueExclusive()
        #expect(!state.mayEnterExclusive)
        state.leaveShared()
        #expect(!state.mayEnterExclusive)
        state.leaveShared()
        #expect(state.mayEnterExclusive)
        state.enterExclusive()
        #expect(state.exclusiveHeld && state.exclusiveWaiting == 0)
    }

    @Test("given one waiting to hold the gate alone, then newcomers for shared passage wait behind it")
    func waitingExclusiveGoesFirst() {
        var state = SharedExclusiveState()
        state.enterShared()
        state.queueExclusive()
        #expect(!state.mayEnterShared)
        state.leaveShared()
        state.enterExclusive()
        #expect(!state.mayEnterShared && !state.mayEnterExclusive)
        state.leaveExclusive()
        #expect(state.mayEnterShared && state == SharedExclusiveState())
    }
}
