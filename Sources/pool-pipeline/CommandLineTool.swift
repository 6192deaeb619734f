import Foundation
import PoolPipeline
import Runner
import Store

/// Dispatches `pool-pipeline <command>` and maps every error to a message on standard error and an exit code.
enum CommandLineTool {
    static let commands: [any Command.Type] = [
        RunCommand.self, StatusCommand.self, PauseCommand.self, ResumeCommand.self, ExportCommand.self,
        SearchCommand.self, SimilarCommand.self, BenchCommand.self, KindsCommand.self, RebuildIndexCommand.self,
        DeleteIndexCommand.self, ModelsCommand.self, IndexNowCommand.self, ServiceCommand.self, ExplainCommand.self,
        GrantsCommand.self, OptionsCommand.self, BatchesCommand.self, RecurringCommand.self,
        NamingCommand.self,
    ]

    static var usage: String {
        var text = """
            pool-pipeline: turns a library of photos and screenshots into a searchable index.

            Usage: pool-pipeline <command> [options]

            Commands:

            """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += "\nRun `pool-pipeline <command> --help` for a command's options.\n"
        return text
    }

    static func main(_ words: [String]) async -> ExitCode {
        guard let name = words.first, name != "--help", name != "-h", name != "help" else {
            if words.count >= 2, let command = commands.first(where: { $0.name == words[1] }) {
                print(command.help, terminator: "")
            } else {
                print(usage, terminator: "")
            }
            return words.isEmpty ? .usage : .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            printError("pool-pipeline: unknown command \"\(name)\"\n\n" + usage)
            return .usage
        }
        let rest = Array(words.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help, terminator: "")
            return .success
        }
        do {
            return try await command.init(rest).run()
        } catch let error as UsageError {
            printError("pool-pipeline \(name): \(error)\n\n" + command.help)
            return .usage
        } catch let error as PipelineError {
            printError("pool-pipeline \(name): \(error)")
            return .usage
        } catch {
            printError("pool-pipeline \(name): \(error)")
            return .ioError
        }
    }
}

/// One `pool-pipeline` command: its name, a one-line summary, its help text, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    /// The full help, usage line first.
    static var help: String { get }
    init(_ words: [String]) throws
    func run() async throws -> ExitCode
}

/// Writes to standard error, adding a newline.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// The `--index PATH` option every command that reads or writes the index takes.
enum IndexOption {
    static let help = "  --index PATH   the index file (default: $XDG_DATA_HOME/pool-pipeline/index.sqlite)\n"

    /// The index path the command line names, or the default one.
    static func path(_ arguments: Arguments) -> String {
        arguments.value("index") ?? IndexStore.defaultPath()
    }

    /// The path of a command whose only argument is `--index PATH`.
    static func only(_ words: [String]) throws -> String {
        let arguments = try Arguments(words, options: ["index"])
        _ = try arguments.positionals()
        return path(arguments)
    }

    /// Opens an index that must exist already (reading commands never create one).
    static func openExisting(_ path: String) throws -> IndexStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("no index at \(path); run `pool-pipeline run <pipeline.json>` first")
        }
        let store = try IndexStore(path: path)
        try store.attach(StoredFamily.builtIn, migrating: false)
        return store
    }

    /// Takes the index's lock for a command that changes the whole index (`rebuild-index`, `delete-index`), or
    /// throws `IndexerError.alreadyIndexing` naming the run that holds it.
    static func lock(_ path: String) throws -> IndexLock {
        switch try IndexLock.acquire(index: path) {
        case .acquired(let lock): return lock
        case .heldBy(let holder): throw IndexerError.alreadyIndexing(pid: holder.pid, index: path)
        }
    }
}
