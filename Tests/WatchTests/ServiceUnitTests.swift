import Foundation
import Testing

@Suite("service install writes a systemd user unit that systemd accepts", .serialized)
struct ServiceUnitTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("service \(UUID().uuidString.prefix(8))").path

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": home + "/config", "XDG_RUNTIME_DIR": home + "/runtime"]
    }

    var unit: String { home + "/config/systemd/user/pool-pipeline.service" }

    func prepare() throws -> String {
        try FileManager.default.createDirectory(atPath: home + "/runtime", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let pipeline = home + "/my pipelines/100% photos.json"      // a space and a % to quote
        try FileManager.default.createDirectory(atPath: home + "/my pipelines", withIntermediateDirectories: true)
        try Data(#"{"sources": [], "stages": [], "edges": []}"#.utf8).write(to: URL(fileURLWithPath: pipeline))
        return pipeline
    }

    @Test func givenATemporaryConfigHome_whenInstalled_thenTheUnitIsThereAndSystemdAnalyzeVerifiesIt() async throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let pipeline = try prepare()
        let index = home + "/index.sqlite"
        let installed = try await SecondProcess.run(["service", "install", pipeline, "--index", index, "--no-enable"],
                                                    environment: environment)
        #expect(installed.status == 0 && installed.stdout == "wrote \(unit)\n", "\(installed)")
        let text = try String(contentsOfFile: unit, encoding: .utf8)
        #expect(text.contains("Restart=on-failure") && text.contains("KillMode=mixed") && text.contains("KillSignal=SIGTERM"))
        #expect(text.contains(#" run "\#(home)/my pipelines/100%% photos.json" --watch --plain --index "#))
        #expect(text.contains("WantedBy=default.target"))

        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        verify.arguments = ["--user", "verify", unit]
        verify.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        verify.standardError = errors
        verify.standardOutput = errors
        try verify.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        #expect(verify.terminationStatus == 0 && said.isEmpty, "systemd-analyze verify: \(said)")

        let status = try await SecondProcess.run(["service", "status"], environment: environment)
        #expect(status.stdout.hasPrefix("unit: \(unit)\n"))
        let removed = try await SecondProcess.run(["service", "uninstall"], environment: environment)
        #expect(removed.status == 0 && removed.stdout.contains("removed \(unit)"))
        #expect(!FileManager.default.fileExists(atPath: unit))
    }

    @Test func givenNoUserSession_whenEnabling_thenTheUnitIsWrittenAndTheCommandSaysHowToEnableIt() async throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let pipeline = try prepare()
        // An empty runtime folder: no user bus there, as in a container or an ssh session without lingering.
        let installed = try await SecondProcess.run(["service", "install", pipeline, "--index", home + "/i.sqlite"],
                                                    environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": ""]) { $1 })
        #expect(FileManager.default.fileExists(atPath: unit))
        if installed.stdout.contains("enabled and started") { return }     // a real user session answered
        #expect(installed.status == 0, "\(installed)")
        #expect(installed.stderr.contains("could not enable it: `systemctl --user daemon-reload` failed"), "\(installed)")
        #expect(installed.stderr.contains("systemctl --user enable --now pool-pipeline.service"))
    }
}
