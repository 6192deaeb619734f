import Foundation
import Testing

/// A `pool-pipeline` process the test talks to while it runs: reads its standard output up to a point, then lets
/// it finish.
final class RunningCLI {
    let process = Process()
    private let out = Pipe(), err = Pipe()
    private(set) var stdout = ""

    init(_ arguments: [String]) throws {
        process.executableURL = CLIProcess.binary
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Reads standard output until `condition` holds for all read so far; false if the output ended first.
    @discardableResult
    func read(until condition: (String) -> Bool) -> Bool {
        while !condition(stdout) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            stdout += String(decoding: chunk, as: UTF8.self)
        }
        return true
    }

    /// Waits for the process to end.
    func finish() -> CLIProcess.Result {
        read { _ in false }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIProcess.Result(status: process.terminationStatus, stdout: stdout,
                                 stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// Runs `/usr/bin/sqlite3` (installed by scripts/setup) on `path`.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
    return String(decoding: data, as: UTF8.self)
}

/// The file's bytes and those of every companion SQLite or a run could make beside it.
private func snapshot(_ path: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for suffix in ["", "-wal", "-shm", "-journal", ".lock"] {
        if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
    }
    return files
}

/// The signals sent to process `pid` and not yet delivered (blocked), as the bits of `/proc/<pid>/status`.
private func pendingSignals(of pid: Int32) throws -> UInt64 {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    return status.split(separator: "\n").reduce(0) { bits, line in
        guard line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:") else { return bits }
        return bits | (UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0)
    }
}

/// The parent of process `pid`, from `/proc/<pid>/status`.
private func parent(of pid: Int32) throws -> Int32? {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }) else { return nil }
    return Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
}

@Suite("An index is ours or it is refused", .serialized)
struct CLIIndexIdentityTests {
    @Test func givenAnotherApplicationsSQLiteFile_thenEveryCommandRefusesItWith74AndLeavesItByteForByte() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(2)
        let path = workspace.root.appendingPathComponent("x.db").path
        try sqlite3(path, "create table t(x); insert into t values (1);")
        let before = snapshot(path)
        #expect(before.keys.sorted() == [""])

        for arguments in [["status"], ["export"], ["search", "x"], ["pause"], ["rebuild-index"], ["delete-index"],
                          ["run", workspace.pipeline, "--plain"]] {
            let result = try CLIProcess.run(arguments + ["--index", path])
            #expect(result.status == 74, "\(arguments[0])")
            let refusal = "\(path) is an SQLite database but not a Pool pipeline index (it has table t)"
            #expect(result.stderr.contains(refusal), "\(arguments[0]): \(result.stderr)")
            #expect(snapshot(path) == before, "\(arguments[0]) changed the file or made one beside it")
        }
        #expect(try sqlite3(path, "pragma journal_mode; select * from t;") == "delete\n1\n")
    }

    @Test func givenATextFileNamedSQLite_thenEveryCommandRefusesItAndLeavesItAsItWas() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(2)
        let path = workspace.root.appendingPathComponent("notes.sqlite").path
        try Data("a shopping list\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = snapshot(path)
        for arguments in [["status"], ["export"], ["rebuild-index"], ["delete-index"], ["run", workspace.pipeline]] {
            let result = try CLIProcess.run(arguments + ["--index", path])
            #expect(result.status == 74, "\(arguments[0])")
            #expect(result.stderr.contains("\(path) is not a Pool pipeline index: it is not an SQLite database"),
                    "\(arguments[0]): \(result.stderr)")
            #expect(snapshot(path) == before, "\(arguments[0])")
        }
    }

    @Test func givenAnIndexMadeBeforeIdentities_thenItIsAdoptedAndDeleteIndexDeletesItWithItsLockFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        #expect(try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"]).status == 0)
        // As an earlier version left it: no application id, no schema version.
        try sqlite3(workspace.index, "pragma application_id = 0; pragma user_version = 0;")

        let status = try CLIProcess.run(["status", "--index", workspace.index])
        #expect(status.status == 0)
        #expect(status.lines.contains("index: \(workspace.index) (3 captures, 0 failed)"))
        #expect(try sqlite3(workspace.index, "pragma application_id; pragma user_version;") == "1349480300\n9\n")

        let deleted = try CLIProcess.run(["delete-index", "--index", workspace.index])
        #expect(deleted.status == 0)
        #expect(snapshot(workspace.index).isEmpty, "the index, its -wal, -shm and .lock files are gone")
    }
}

@Suite("Ownership that survives pid reuse", .serialized)
struct CLIIndexOwnershipTests {
    @Test func givenASavedPidNowUsedByAnUnrelatedProcess_thenPauseDoesNotSignalItAndRunIsNotRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(3)
        #expect(try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"]).status == 0)
        // A crash leaves the run's pid saved; the system then gives that pid to an unrelated process.
        let unrelated = Process()
        unrelated.executableURL = URL(fileURLWithPath: "/bin/sleep")
        unrelated.arguments = ["30"]
        try unrelated.run()
        defer {
            kill(unrelated.processIdentifier, SIGKILL)
            unrelated.waitUntilExit()
        }
        try sqlite3(workspace.index, "update status set pid = \(unrelated.processIdentifier)")

        for command in ["pause", "resume"] {
            let result = try CLIProcess.run([command, "--index", workspace.index])
            #expect(result.status == 1)
            #expect(result.stderr == "no run is indexing into \(workspace.index)\n")
        }
        // Processes the tests start inherit a mask that blocks SIGUSR1 and SIGUSR2: a signal sent would be pending.
        #expect(unrelated.isRunning, "the unrelated process was not signalled")
        #expect(try pendingSignals(of: unrelated.processIdentifier) == 0, "the unrelated process was not signalled")
        let status = try CLIProcess.run(["status", "--index", workspace.index, "--json"])
        #expect(!status.stdout.contains("runningPID"))
        #expect(status.stdout.contains("\"reason\":\"interrupted\""))

        let run = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(unrelated.isRunning)
    }

    @Test func givenARunHoldingTheIndex_thenPauseSignalsItAndAnotherRunExits74OrWaitsForIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.copies(60)
        let first = try RunningCLI(["run", workspace.pipeline, "--index", workspace.index, "--json"])
        #expect(first.read { $0.contains("\"processed\":") }, "the first run reports progress once it holds the index")
        let paused = try CLIProcess.run(["pause", "--index", workspace.index])
        #expect(paused.status == 0)
        // The process indexing: the run itself, or the child it supervises.
        let holder = try #require(Int32(paused.stdout.firstMatch(of: /^paused process (\d+)\n$/)?.1 ?? ""))
        #expect(try holder == first.pid || parent(of: holder) == first.pid)
        let status = try CLIProcess.run(["status", "--index", workspace.index])
        #expect(status.lines.contains("running: process \(holder)"))

        let refused = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("process \(holder) is already indexing into \(workspace.index)"))
        #expect(try CLIProcess.run(["delete-index", "--index", workspace.index]).status == 74)
        #expect(try CLIProcess.run(["rebuild-index", "--index", workspace.index]).status == 74)

        let waiting = try RunningCLI(["run", workspace.pipeline, "--index", workspace.index, "--json", "--wait"])
        #expect(waiting.read { $0.contains("\"phase\":\"waitingForGrant\"") })
        #expect(waiting.stdout.contains("Waiting for process \(holder), which is indexing into \(workspace.index)"))
        #expect(try CLIProcess.run(["resume", "--index", workspace.index]).status == 0)
        #expect(first.finish().status == 0)
        let second = waiting.finish()
        #expect(second.status == 0)
        #expect(second.stdout.contains("\"indexed\":0"))
    }

    @Test func givenTwoRunsStartedTogether_thenTheLoserAlwaysExits74() throws {
        for round in 0..<6 {
            let workspace = try Workspace()
            defer { workspace.remove() }
            try workspace.copies(10)
            let arguments = ["run", workspace.pipeline, "--index", workspace.index, "--plain"]
            let runs = try [RunningCLI(arguments), RunningCLI(arguments)]
            let results = runs.map { $0.finish() }
            let codes = results.map(\.status).sorted()
            #expect(codes == [0, 74] || codes == [0, 0], "round \(round): \(codes) \(results.map(\.stderr))")
            for result in results where result.status == 74 {
                #expect(result.stderr.contains("is already indexing into \(workspace.index)"))
            }
            #expect(try CLIProcess.run(["export", "--index", workspace.index]).lines.filter { !$0.isEmpty }.count == 10)
        }
    }
}
