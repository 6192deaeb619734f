import Foundation
import ModelInstall
import PoolPipeline
import Store

/// `pool-pipeline models status | install | verify | remove | pack DIR`: the engine models next to the index.
struct ModelsCommand: Command {
    static let name = "models"
    static let abstract = "Install, check or remove the engine models; pack a folder for a models service"
    static let help = """
        Usage: pool-pipeline models status [--index PATH] [--json]
               pool-pipeline models install [--index PATH] [--service URL] [--pipeline FILE]
               pool-pipeline models verify [--index PATH]
               pool-pipeline models remove [--index PATH]
               pool-pipeline models pack DIR [--id NAME] [--version VERSION]

        The models live next to the index, in <index dir>/models/<model>/<version>. `install` fetches the manifest
        from the models service (POOL_MODELS_URL, or --service), sending the app key in POOL_MODELS_KEY, downloads
        every file (resuming a download cut short), checks each one's SHA-256, and moves the model into place in
        one step; with --pipeline it then gives a vector to every capture that has none. `verify` checks the
        installed files again; a file that fails is deleted and the next `install` fetches it. `pack DIR` writes
        DIR/manifest.json for the files of DIR, for a static file server to publish.

        Options:
        \(IndexOption.help)  --service URL  the manifest's URL (default: $POOL_MODELS_URL)
          --pipeline FILE
                         install: then fill in vectors for the captures of this pipeline's folder sources
          --json         status as one JSON object

        """

    enum Action: Sendable { case status(json: Bool), install(pipeline: String?), verify, remove
        case pack(folder: String, id: String?, version: String)
    }

    let action: Action
    let configuration: ModelsConfiguration
    let indexPath: String

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "service", "pipeline", "id", "version"], flags: ["json"])
        guard let verb = arguments.positionals.first else { throw UsageError("missing the action (status, install, verify, remove or pack)") }
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "status": action = .status(json: arguments.has("json"))
        case "install": action = .install(pipeline: arguments.value("pipeline"))
        case "verify": action = .verify
        case "remove": action = .remove
        case "pack":
            guard let folder = rest.first else { throw UsageError("missing DIR, the folder to pack") }
            action = .pack(folder: folder, id: arguments.value("id"), version: arguments.value("version") ?? "1")
        default: throw UsageError("unknown action \"\(verb)\" (status, install, verify, remove or pack)")
        }
        if verb != "pack", !rest.isEmpty { throw UsageError("unexpected argument \"\(rest[0])\"") }
        indexPath = IndexOption.path(arguments)
        var configuration = ModelsConfiguration.from(indexPath: indexPath)
        if let service = arguments.value("service") {
            configuration = ModelsConfiguration(manifestURL: service, appKey: configuration.appKey, root: configuration.root)
        }
        self.configuration = configuration
    }

    func run() async throws -> ExitCode {
        let installer = ModelInstaller(configuration: configuration)
        switch action {
        case .status(let json):
            let status = installer.statusFile.load()
            print(json ? jsonLine(status) : "models: \(status.summary)", terminator: json ? "" : "\n")
        case .install(let pipeline):
            guard configuration.manifestURL != nil else {
                throw UsageError("no models service configured: set POOL_MODELS_URL (and POOL_MODELS_KEY) or pass --service URL")
            }
            let folder = try installer.install()
            print("installed: \(folder)")
            if let pipeline {
                let delivery = ModelDelivery(configuration: configuration, indexPath: indexPath, pipeline: pipeline)
                let lock = try IndexOption.lock(indexPath)
                defer { lock.release() }
                if let summary = try await delivery.backfill() {
                    print("vectors added: \(summary.filled)" + (summary.skipped > 0 ? ", skipped: \(summary.skipped)" : ""))
                    for reason in summary.reasons { print("  \(reason)".escapingControlCharacters) }
                }
            }
        case .verify:
            try installer.verifyInstalled()
            print("verified: \(installer.statusFile.load().summary)")
        case .remove:
            try installer.remove()
            print("removed: \(configuration.root)")
        case .pack(let folder, let id, let version):
            let manifest = try ModelPack.pack(folder: folder, model: id, version: version)
            print("packed: \(folder)/manifest.json (\(manifest.model) \(version), \(manifest.files.count) files)")
        }
        return .success
    }
}
