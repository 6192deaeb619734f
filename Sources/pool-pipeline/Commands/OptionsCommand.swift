import Foundation
import IndexClient
import PoolPipeline
import Store

/// `pool-pipeline options show | set`: what the index covers and shows, kept beside it and applied in place.
struct OptionsCommand: Command {
    static let name = "options"
    static let abstract = "Show or change the index options (places, focus, window, maximum assets)"
    static let help = """
        Usage: pool-pipeline options show [--json] [--index PATH]
               pool-pipeline options set [--places on|off] [--focus F] [--window DAYS|all]
                                         [--maximum-assets N|all] [--index PATH]

        Options are kept beside the index (index.settings.json), so rebuild-index and delete-index keep them,
        and apply at once: --places off deletes every coordinate, city and visit from the index (zeroed in the
        file, not left in free pages) and keeps them out of what is indexed later; --focus (everything,
        screenshots, photos, or sources:A,B) hides what it leaves out from search and batches and shows it again
        when included again; --window 90 shows the captures of the last 90 days, counted from now; 
        --maximum-assets N shows the newest N. A watcher running on the index (run --watch) is told, and its
        next pass starts at once (after the pass under way; on resume when paused).

        Options:
        \(IndexOption.help)  --json         show as JSON

        """

    let indexPath: String
    let show: Bool
    let json: Bool
    let changes: Arguments

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index", "places", "focus", "window", "maximum-assets"],
                                      flags: ["json"])
        indexPath = IndexOption.path(arguments)
        json = arguments.has("json")
        changes = arguments
        switch arguments.positionals {
        case ["show"]: show = true
        case ["set"]: show = false
        case []: throw UsageError("missing the action (show or set)")
        default: throw UsageError("unknown action \"\(arguments.positionals.joined(separator: " "))\" (show or set)")
        }
        if !show { _ = try Self.apply(arguments, to: IndexOptions()) }      // checks the values before any change
    }

    /// `options` with the changes the command line names.
    static func apply(_ arguments: Arguments, to options: IndexOptions) throws -> IndexOptions {
        var options = options
        if let places = arguments.value("places") {
            guard places == "on" || places == "off" else { throw UsageError("--places is on or off, not \"\(places)\"") }
            options.places = places == "on"
        }
        if let focus = arguments.value("focus") {
            guard let parsed = IndexOptions.Focus(parsing: focus) else {
                throw UsageError("--focus is everything, screenshots, photos or sources:A,B, not \"\(focus)\"")
            }
            options.focus = parsed
        }
        if let window = arguments.value("window") {
            options.windowDays = window == "all" ? nil : try number(window, "window")
        }
        if let maximum = arguments.value("maximum-assets") {
            options.maximumAssets = maximum == "all" ? nil : try number(maximum, "maximum-assets")
        }
        return options
    }

    private static func number(_ text: String, _ name: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw UsageError("--\(name) takes a whole number above 0 or all, not \"\(text)\"")
        }
        return value
    }

    func run() async throws -> ExitCode {
        let index = try PoolIndex(path: indexPath)
        var options = try index.options()
        var watcher: ControlAnswer?
        if !show {
            options = try Self.apply(changes, to: options)
            watcher = try index.setOptions(options)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(options), as: UTF8.self))
        } else {
            print("places: \(options.places ? "on" : "off")")
            print("focus: \(options.focus)")
            print("window: " + (options.windowDays.map { "\($0) days" } ?? "all"))
            print("maximum assets: " + (options.maximumAssets.map(String.init) ?? "all"))
        }
        if let watcher {
            printError((watcher.report.map { "watcher process \($0.pid): " } ?? "watcher: ") + watcher.message)
        }
        return .success
    }
}
