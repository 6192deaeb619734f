import Foundation
import Testing

@Suite("run --if-due and --watch: runs that come back by themselves")
struct CLIScheduleTests {
    @Test func givenIfDue_thenTheRunRecordsItsNextAttemptAndTheNextCallIsNotDue() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        let arguments = ["run", workspace.pipeline, "--index", workspace.index, "--if-due"]
        let first = try CLIProcess.run(arguments + ["--json"])
        #expect(first.status == 0)
        let summary = try #require(first.lines.last { $0.contains("\"event\":\"summary\"") })
        let next = try #require(summary.firstMatch(of: /"nextAttempt":"([^"]+)"/)?.1)

        let second = try CLIProcess.run(arguments + ["--plain"])
        #expect(second.status == 0)
        #expect(second.stdout == "not due: next attempt \(next)\n")
        let status = try CLIProcess.run(["status", "--index", workspace.index])
        #expect(status.lines.contains { $0.hasPrefix("last run: completed") && $0.hasSuffix("next attempt \(next)") })
    }

    @Test func givenARunTheUserStopped_thenIfDueDoesNotStartItAgain() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(60)
        let stopped = try CLIProcess.interrupt(["run", workspace.pipeline, "--index", workspace.index, "--json",
                                                "--if-due"], signal: SIGINT) { $0 >= 3 }
        #expect(stopped.status == 130)
        let again = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--if-due", "--plain"])
        #expect(again.status == 0)
        #expect(again.stdout == "not due: the last run was stopped; run without --if-due to start again\n")
    }

    @Test func givenAWatch_whenSIGTERMArrivesWhileItWaits_thenItEndsAndTheNextAttemptStaysSaved() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(2)
        let result = try CLIProcess.interrupt(["run", workspace.pipeline, "--index", workspace.index, "--watch", "--json"],
                                              signal: SIGTERM) { $0.contains("\"event\":\"waiting\"") }
        #expect(result.status == 143)
        #expect(result.stdout.contains("\"event\":\"run\"") && result.stdout.contains("\"reason\":\"completed\""))
        let status = try CLIProcess.run(["status", "--index", workspace.index, "--json"])
        #expect(status.stdout.contains("\"nextAttempt\":"))
        #expect(!status.stdout.contains("\"runningPID\""), "no process holds the index while the watch waits")
    }
}
