import ObjectRules
import Runner

extension StageRegistry {
    /// Registers the rules family's kinds: `rules` (options `rules`, a folder of `*.json` rule files added to the
    /// built-in ones, and
    /// `region`, the ISO country national phone numbers are read in).
    public mutating func registerRulesStages() {
        register(RulesStage.kind) { setup in
            let folder = try setup.options.string("rules", default: "")
            let region = try setup.options.string("region", default: "")
            var book = RuleBook.builtIn
            do { if !folder.isEmpty { try book.addFolder(setup.environment.resolve(path: folder)) } } catch {
                throw PipelineError(file: setup.options.file, stage: setup.options.stageID, field: "options.rules",
                                    problem: .invalidOption(reason: String(describing: error)))
            }
            return RulesStage(book: book, region: region.isEmpty ? nil : region.uppercased())
        }
    }
}
