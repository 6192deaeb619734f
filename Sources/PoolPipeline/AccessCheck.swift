import Store

/// Whether a run may index: once grants are in use beside an index (`grants add` was run), only while some grant
/// covers one of the pipeline's sources; until then the phase is `waitingForGrant`.
enum AccessCheck {
    /// A check for the index at `index` and a pipeline with `sources`: nil when the run may go on, else what it
    /// waits for, in words shown after "Waiting for".
    static func waiting(index: String, sources: [String]) -> @Sendable () -> String? {
        let file = IndexSettingsFile(indexPath: index)
        return {
            let contents: IndexSettingsFile.Contents
            do {
                contents = try file.load()
            } catch {
                return "readable index settings (\(error))"
            }
            guard contents.grantsInUse else { return nil }
            if contents.grants.contains(where: { grant in sources.contains(where: grant.covers) }) { return nil }
            return "a grant covering one of the sources " + sources.joined(separator: ", ")
                + " (pool-pipeline grants add)"
        }
    }
}
