import Foundation

/// The systemd user unit that runs `pool-pipeline run PIPELINE --watch` with the session: restarted on failure,
/// stopped with SIGTERM to the supervisor only (`KillMode=mixed`: it passes the signal on to the indexing child,
/// which ends the pass under way as `endedBySystem`; the next start carries it on), at low CPU and I/O priority.
struct ServiceUnit {
    static let name = "pool-pipeline.service"

    var executable: String
    var pipeline: String
    var index: String

    /// Where user units go: `$XDG_CONFIG_HOME/systemd/user` (default `~/.config/systemd/user`).
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return config + "/systemd/user"
    }

    var text: String {
        let command = [executable, "run", pipeline, "--watch", "--plain", "--index", index].map(Self.quoted)
        return """
            # Written by `pool-pipeline service install`; `pool-pipeline service uninstall` removes it.
            [Unit]
            Description=Pool pipeline watcher: keeps \(Self.escaped(index)) up to date

            [Service]
            Type=simple
            ExecStart=\(command.joined(separator: " "))
            Restart=on-failure
            RestartSec=10
            KillMode=mixed
            KillSignal=SIGTERM
            TimeoutStopSec=60
            # 143: ended by SIGTERM (the pass under way is saved as endedBySystem); 130: stopped by SIGINT.
            SuccessExitStatus=130 143
            Nice=10
            IOSchedulingClass=idle

            [Install]
            WantedBy=default.target

            """
    }

    /// A word of a unit's command line: quoted when it holds spaces or quotes; `%` and `$` doubled so systemd
    /// takes them as they are.
    static func quoted(_ word: String) -> String {
        let plain = escaped(word)
        guard plain.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" || $0 == "\t" }) else {
            return plain
        }
        let inner = plain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + inner + "\""
    }

    /// `%` (specifiers) and `$` (variables) taken literally.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
    }
}
