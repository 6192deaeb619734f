import Foundation
import Testing
import TestSupport

@Suite("pool-pipeline models: install from a local models service, kill and restart, vectors filled in")
struct CLIModelsTests {
    static let key = "cli-app-key"

    /// The tiny CLIP model of the CLIP tests, served with a manifest `models pack` wrote.
    static func service(hold: Int? = nil) throws -> (LocalHTTPServer, folder: String) {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CLIPTests/Fixtures/tiny-clip")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-clip-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture, to: folder)
        let packed = try CLIProcess.run(["models", "pack", folder.path, "--id", "tiny-clip", "--version", "7"])
        #expect(packed.status == 0, "\(packed.stderr)")
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files["/m/" + name] = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        let server = try LocalHTTPServer(files: files, requiredKey: key)
        if let hold { server.holdNextBodyOf("/m/model.safetensors", after: hold) }
        return (server, folder.path)
    }

    static func statusJSON(_ index: String) throws -> [String: Any] {
        let result = try CLIProcess.run(["status", "--index", index, "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func models(_ index: String) throws -> [String: Any] {
        let result = try CLIProcess.run(["models", "status", "--index", index, "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("a wrong app key fails the install with the reason in the status; the index is untouched")
    func wrongKey() throws {
        let (server, _) = try Self.service()
        defer { server.stop() }
        let workspace = try Workspace()
        let result = try CLIProcess.run(["models", "install", "--index", workspace.index, "--service", server.url("/m/manifest.json")],
                                        environment: ["POOL_MODELS_KEY": "nope"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("the models service refused the app key (HTTP 401)"))
        let models = try Self.models(workspace.index)
        #expect(models["state"] as? String == "failed")
        #expect((models["reason"] as? String)?.contains("HTTP 401") == true)
    }

    @Test("killed during the download, the install resumes with a range on the next start and verifies")
    func killThenRestart() throws {
        let (server, folder) = try Self.service(hold: 20_000)
        defer { server.stop() }
        let workspace = try Workspace()
        let arguments = ["models", "install", "--index", workspace.index, "--service", server.url("/m/manifest.json")]
        let environment = ["POOL_MODELS_KEY": Self.key]
        let (process, _, _) = try CLIProcess.start(arguments, environment: environment)
        #expect(server.waitUntilHolding())
        let staged = URL(fileURLWithPath: workspace.index).deletingLastPathComponent()
            .appendingPathComponent("models/tiny-clip/.staging-7/model.safetensors").path
        // The bytes sent before the hold reach the file (no timing assumed: wait for them, up to 10 s).
        let deadline = Date().addingTimeInterval(10)
        while ((try? FileManager.default.attributesOfItem(atPath: staged)[.size] as? Int) ?? 0) < 20_000, Date() < deadline {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        server.releaseHeld()
        let interrupted = try Self.models(workspace.index)
        #expect(interrupted["state"] as? String == "failed")
        #expect((interrupted["reason"] as? String)?.contains("interrupted") == true)

        let again = try CLIProcess.run(arguments, environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.requests.contains { $0.path == "/m/model.safetensors" && $0.range == "bytes=20000-" })
        let installed = try Self.models(workspace.index)
        #expect(installed["state"] as? String == "installed" && installed["version"] as? String == "7")
        let path = try #require(installed["path"] as? String)
        #expect(FileManager.default.contents(atPath: path + "/model.safetensors")
                == FileManager.default.contents(atPath: folder + "/model.safetensors"))
        #expect(try CLIProcess.run(["models", "verify", "--index", workspace.index]).status == 0)
    }

    @Test("after install, captures without a vector get one; export (text, labels, ...) is unchanged")
    func backfill() throws {
        let (server, _) = try Self.service()
        defer { server.stop() }
        let workspace = try Workspace()
        try workspace.copySamples()
        let first = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.statusJSON(workspace.index)
        let captures = try #require(before["captures"] as? Int)
        #expect(captures > 0)
        #expect(before["visuallyIndexedAssets"] as? Int == 0)
        #expect((before["models"] as? [String: Any])?["state"] as? String == "notInstalled")
        let exported = try CLIProcess.run(["export", "--index", workspace.index]).stdout

        let install = try CLIProcess.run(["models", "install", "--index", workspace.index, "--service",
                                          server.url("/m/manifest.json"), "--pipeline", workspace.pipeline],
                                         environment: ["POOL_MODELS_KEY": Self.key])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("vectors added: \(captures)"))
        let after = try Self.statusJSON(workspace.index)
        #expect(after["visuallyIndexedAssets"] as? Int == captures)
        #expect((after["models"] as? [String: Any])?["state"] as? String == "installed")
        #expect(try CLIProcess.run(["export", "--index", workspace.index]).stdout == exported)

        // A later run embeds new captures as it goes with the installed model: nothing is left to fill in after it.
        try workspace.writePipeline("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "library"}}],
             "stages": [{"id": "decode", "kind": "vips.decode"}, {"id": "vectors", "kind": "clip.embed"},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": ["vectors", "persist"]},
                       {"from": "vectors", "to": "persist"}]}
            """)
        let sample = try #require(FileManager.default.enumerator(atPath: workspace.library.path)?
            .compactMap { $0 as? String }.sorted().first { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") })
        try FileManager.default.copyItem(atPath: workspace.library.path + "/" + sample,
                                         toPath: workspace.library.path + "/new-" + (sample as NSString).lastPathComponent)
        let second = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("indexed: 1"))
        #expect(!second.stderr.contains("vectors added"))
        let last = try Self.statusJSON(workspace.index)
        #expect(last["captures"] as? Int == captures + 1)
        #expect(last["visuallyIndexedAssets"] as? Int == captures + 1)
    }

    @Test("run installs the models after listing the library, and fills in the vectors at the end")
    func runInstalls() throws {
        let (server, _) = try Self.service()
        defer { server.stop() }
        let workspace = try Workspace()
        try workspace.copySamples()
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"],
                                        environment: ["POOL_MODELS_URL": server.url("/m/manifest.json"),
                                                      "POOL_MODELS_KEY": Self.key])
        #expect(result.status == 0, "\(result.stderr)")
        let status = try Self.statusJSON(workspace.index)
        #expect((status["models"] as? [String: Any])?["state"] as? String == "installed")
        #expect(status["visuallyIndexedAssets"] as? Int == status["captures"] as? Int)
    }

    @Test("run --watch installs the models in the background and reports visuallyIndexedAssets reaching the captures")
    func watchInstalls() throws {
        let (server, _) = try Self.service()
        defer { server.stop() }
        let workspace = try Workspace()
        try workspace.copySamples()
        let reached = { (text: String) -> Bool in
            text.split(separator: "\n").contains { line in
                guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      event["event"] as? String == "models", let captures = event["captures"] as? Int else { return false }
                return captures > 0 && event["visuallyIndexedAssets"] as? Int == captures
            }
        }
        let result = try CLIProcess.interrupt(["run", workspace.pipeline, "--index", workspace.index, "--watch", "--json"],
                                              environment: ["POOL_MODELS_URL": server.url("/m/manifest.json"),
                                                            "POOL_MODELS_KEY": Self.key], whenOutput: reached)
        #expect(reached(result.stdout), "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(#""state":"downloading""#) && result.stdout.contains(#""state":"installed""#))
        let status = try Self.statusJSON(workspace.index)
        #expect(status["visuallyIndexedAssets"] as? Int == status["captures"] as? Int)
    }

    @Test("a models service that is down leaves indexing alone: the run completes, the status says why")
    func serviceDown() throws {
        let workspace = try Workspace()
        try workspace.copySamples()
        let result = try CLIProcess.run(["run", workspace.pipeline, "--index", workspace.index, "--plain"],
                                        environment: ["POOL_MODELS_URL": "http://127.0.0.1:1/manifest.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let status = try Self.statusJSON(workspace.index)
        #expect((status["captures"] as? Int ?? 0) > 0)
        let models = try #require(status["models"] as? [String: Any])
        #expect(models["state"] as? String == "failed")
        #expect((models["reason"] as? String)?.contains("cannot fetch the models manifest") == true)
    }
}
