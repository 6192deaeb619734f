import Foundation
import Store

/// `pool-pipeline service install [PIPELINE] | uninstall | status`: the systemd user unit that keeps the index up
/// to date with the session (see `ServiceUnit`).
struct ServiceCommand: Command {
    static let name = "service"
    static let abstract = "Install, remove or show the systemd user unit that runs `run --watch` with the session"
    static let help = """
        Usage: pool-pipeline service install [PIPELINE] [--index PATH] [--no-enable]
               pool-pipeline service uninstall
               pool-pipeline service status

        install writes $XDG_CONFIG_HOME/systemd/user/pool-pipeline.service (default ~/.config/systemd/user),
        which runs `pool-pipeline run PIPELINE --watch` (PIPELINE: default
        $XDG_CONFIG_HOME/pool-pipeline/pipeline.json), restarts it on failure and stops it with SIGTERM (the pass
        under way ends as endedBySystem and the next start carries it on); then enables and starts it with
        `systemctl --user` (not with --no-enable). Where systemctl --user cannot reach a user session (a container,
        ssh without lingering), the unit is written and the command says how to enable it.
        uninstall stops, disables and removes the unit; status shows the unit and what systemctl says of it.

        Options:
        \(IndexOption.help)  --no-enable    write the unit only

        """

    enum Action { case install(pipeline: String, index: String, enable: Bool), uninstall, status }

    let action: Action

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index"], flags: ["no-enable"])
        guard let verb = arguments.positionals.first else { throw UsageError("missing install, uninstall or status") }
        let rest = arguments.positionals.dropFirst()
        switch verb {
        case "install":
            guard rest.count <= 1 else { throw UsageError("unexpected argument \"\(rest.last!)\"") }
            let configured = (ServiceUnit.folder() as NSString).deletingLastPathComponent
            let pipeline = rest.first
                ?? (configured as NSString).deletingLastPathComponent + "/pool-pipeline/pipeline.json"
            action = .install(pipeline: URL(fileURLWithPath: pipeline).standardizedFileURL.path,
                              index: URL(fileURLWithPath: IndexOption.path(arguments)).standardizedFileURL.path,
                              enable: !arguments.has("no-enable"))
        case "uninstall", "status":
            guard rest.isEmpty else { throw UsageError("unexpected argument \"\(rest.first!)\"") }
            action = verb == "status" ? .status : .uninstall
        default:
            throw UsageError("unknown action \"\(verb)\" (install, uninstall, status)")
        }
    }

    var unitPath: String { ServiceUnit.folder() + "/" + ServiceUnit.name }

    func run() async throws -> ExitCode {
        switch action {
        case .install(let pipeline, let index, let enable):
            return try install(pipeline: pipeline, index: index, enable: enable)
        case .uninstall: return uninstall()
        case .status: return status()
        }
    }

    private func install(pipeline: String, index: String, enable: Bool) throws -> ExitCode {
        guard FileManager.default.fileExists(atPath: pipeline) else {
            throw UsageError("no pipeline file at \(pipeline)")
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let unit = ServiceUnit(executable: executable, pipeline: pipeline, index: index)
        try FileManager.default.createDirectory(atPath: ServiceUnit.folder(), withIntermediateDirectories: true)
        try Data(unit.text.utf8).write(to: URL(fileURLWithPath: unitPath))
        print("wrote \(unitPath)")
        guard enable else { return .success }
        let reload = Systemctl.run(["daemon-reload"])
        let enabled = reload.ok ? Systemctl.run(["enable", "--now", ServiceUnit.name]) : reload
        guard enabled.ok else {
            printError("could not enable it: `systemctl --user \(reload.ok ? "enable --now" : "daemon-reload")` "
                       + "failed: \(enabled.message)\nthe unit is written; in a user session, enable it with:\n"
                       + "  systemctl --user daemon-reload && systemctl --user enable --now \(ServiceUnit.name)")
            return .success
        }
        print("enabled and started \(ServiceUnit.name)")
        return .success
    }

    private func uninstall() -> ExitCode {
        let disabled = Systemctl.run(["disable", "--now", ServiceUnit.name])
        if !disabled.ok { printError("systemctl --user disable --now: \(disabled.message) (removing the unit anyway)") }
        guard FileManager.default.fileExists(atPath: unitPath) else {
            print("no unit at \(unitPath)")
            return .success
        }
        do {
            try FileManager.default.removeItem(atPath: unitPath)
        } catch {
            printError("cannot remove \(unitPath): \(error)")
            return .failure
        }
        _ = Systemctl.run(["daemon-reload"])
        print("removed \(unitPath)")
        return .success
    }

    private func status() -> ExitCode {
        guard FileManager.default.fileExists(atPath: unitPath) else {
            print("not installed (no \(unitPath))")
            return .success
        }
        print("unit: \(unitPath)")
        for (question, verb) in [("enabled", "is-enabled"), ("active", "is-active")] {
            let answer = Systemctl.run([verb, ServiceUnit.name])
            print("\(question): \(answer.output.isEmpty ? "unknown (\(answer.message))" : answer.output)")
        }
        return .success
    }
}

/// Runs `systemctl --user`.
enum Systemctl {
    struct Outcome {
        var ok: Bool
        var output: String
        var message: String
    }

    static func run(_ arguments: [String]) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["systemctl", "--user"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            return Outcome(ok: false, output: "", message: "cannot run systemctl: \(error)")
        }
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        let message = errors.trimmingCharacters(in: .whitespacesAndNewlines)
        return Outcome(ok: process.terminationStatus == 0, output: trimmed,
                       message: message.isEmpty ? "exit status \(process.terminationStatus)" : message)
    }
}
