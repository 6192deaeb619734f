import Testing

@Suite("The command line explains itself")
struct CLIHelpTests {
    @Test func withoutACommandItListsTheCommandsAndExits64() throws {
        let result = try CLIProcess.run([])
        #expect(result.status == 64)
        #expect(result.lines.prefix(5) == [
            "pool-pipeline: turns a library of photos and screenshots into a searchable index.",
            "",
            "Usage: pool-pipeline <command> [options]",
            "",
            "Commands:",
        ])
        #expect(result.stdout.contains("  run            Index the captures that a pipeline file's sources list\n"))
        #expect(result.stdout.contains("  delete-index   Delete the index and everything derived from the captures\n"))
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["run", "status", "pause", "resume", "export", "search", "bench", "kinds", "rebuild-index",
                        "delete-index"] {
            let result = try CLIProcess.run([command, "--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.lines.first?.hasPrefix("Usage: pool-pipeline \(command)") == true, "\(command)")
        }
    }

    @Test func anUnknownCommandOrOptionIsAUsageError() throws {
        let unknown = try CLIProcess.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("pool-pipeline: unknown command \"frobnicate\""))
        let option = try CLIProcess.run(["status", "--colour"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("pool-pipeline status: unknown option --colour"))
        let missing = try CLIProcess.run(["run"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("pool-pipeline run: missing the pipeline file"))
    }
}
