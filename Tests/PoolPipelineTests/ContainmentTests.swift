import Foundation
import PoolPipeline
import Runner
import Store
import Testing

/// A library of the sample screenshots plus one capture that aborts the process in the `abort` stage, a pipeline
/// over it, and the probe that runs it as `pool-pipeline run` would.
private struct PoisonLibrary {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
    var library: URL { folder.appendingPathComponent("library") }
    var index: String { folder.appendingPathComponent("index.sqlite").path }
    var attempts: String { folder.appendingPathComponent("attempts.log").path }
    var pipeline: String { folder.appendingPathComponent("pipeline.json").path }
    /// What the last run printed on standard error (the supervisor's notes), to show when a check fails.
    var log: String { folder.appendingPathComponent("stderr.log").path }
    var errors: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// A library whose pipeline has the stage `id` of `kind` with `options` (JSON) after decoding.
    init(id: String = "abort", kind: String = "test.abort", options: String = #"{"when": "poison"}"#) throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/Screenshots")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
        for name in names {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: library.appendingPathComponent(name))
        }
        let first = try #require(names.first { $0.hasSuffix(".png") })
        try FileManager.default.copyItem(at: samples.appendingPathComponent(first),
                                         to: library.appendingPathComponent("poison-capture.png"))
        try Data("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode", "options": {"size": 256}, "concurrency": 2},
                        {"id": "\(id)", "kind": "\(kind)", "options": \(options), "concurrency": 2},
                        {"id": "persist", "kind": "sqlite.persist", "options": {"slice": 2}}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": "\(id)"},
                       {"from": "\(id)", "to": "persist"}]}
            """.utf8).write(to: URL(fileURLWithPath: pipeline))
    }

    var sampleCount: Int { get throws { try FileManager.default.contentsOfDirectory(atPath: library.path).count - 1 } }

    func attemptCount() -> Int {
        ((try? String(contentsOfFile: attempts, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Runs the probe to its end: exit status and standard output.
    func run(environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let probe = [folder, Bundle.main.bundleURL].map { $0.appendingPathComponent("containment-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/containment-probe")
        let process = Process()
        process.executableURL = probe
        process.arguments = [pipeline, index, attempts]
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("A capture that takes the process down is tried once more alone, then failed, and the run goes on")
struct ContainmentTests {
    @Test func givenACaptureThatAbortsTheProcess_thenEverythingElseIsIndexedAndItIsFailedAndNotTriedAgain() throws {
        let library = try PoisonLibrary()
        defer { library.remove() }

        let first = try library.run()
        #expect(first.status == 0, "\(library.errors)")
        #expect(first.output.contains("failed in abort: poison-capture.png ended the process in abort (SIGABRT)"),
                "\(first.output)\n\(library.errors)")
        #expect(library.attemptCount() == 2)             // once with the others, once alone
        // The summary speaks of the whole run, across the restarts of the process.
        #expect(first.output.hasPrefix("completed: indexed \(try library.sampleCount), failed 1\n"), "\(first.output)")
        let store = try IndexStore(path: library.index)
        #expect(try store.captureCount == library.sampleCount)
        let failures = try store.failures()
        #expect(failures.map(\.path) == ["poison-capture.png"])
        #expect(failures.first?.failure.stageID == "abort")
        store.close()

        let second = try library.run()
        #expect(second.status == 0)
        #expect(second.output.hasPrefix("completed: indexed 0, failed 0"))
        #expect(library.attemptCount() == 2)             // not tried again while the file is unchanged
        #expect(!FileManager.default.fileExists(atPath: CaptureJournal.path(forIndex: library.index)))
    }

    @Test func givenACaptureThatNeedsMoreMemoryThanTheCeiling_thenTheRunEndsItselfAndFailsThatCaptureNamingTheCeiling() throws {
        let library = try PoisonLibrary(id: "hog", kind: "test.hog", options: #"{"megabytes": 3000}"#)
        defer { library.remove() }
        let result = try library.run(environment: ["PROBE_MEMORY_LIMIT_MIB": "700"])
        #expect(result.status == 0, "\(library.errors)")
        #expect(result.output.contains("failed in hog: poison-capture.png ended the process in hog (went past the "
            + "memory ceiling of 700 MiB"), "\(result.output)\n\(library.errors)")
        #expect(library.attemptCount() == 2)
        let store = try IndexStore(path: library.index)
        defer { store.close() }
        #expect(try store.captureCount == library.sampleCount)
    }
}
