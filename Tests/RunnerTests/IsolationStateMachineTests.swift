import Testing
@testable import Runner

@Suite("Isolation: some captures go through the stages with nothing else under way")
struct IsolationStateMachineTests {
    @Test("A capture to isolate waits for those under way, and nothing enters while it waits or runs")
    func aloneWaitsAndBlocks() {
        var machine = IsolationStateMachine<String>()
        let enteredA = machine.enterShared(CaptureID("a"), "a")
        let enteredX = machine.enterAlone(CaptureID("x"), "x")
        let enteredB = machine.enterShared(CaptureID("b"), "b")      // waits behind the isolated one
        #expect(enteredA && !enteredX && !enteredB)
        let afterA = machine.leave(CaptureID("a"))
        #expect(afterA == ["x"])
        let afterX = machine.leave(CaptureID("x"))
        #expect(afterX == ["b"])
        let enteredC = machine.enterShared(CaptureID("c"), "c")
        #expect(enteredC)
        let first = machine.leave(CaptureID("b")), second = machine.leave(CaptureID("b"))
        #expect(first.isEmpty && second.isEmpty)                     // leaving twice is harmless
    }
}
