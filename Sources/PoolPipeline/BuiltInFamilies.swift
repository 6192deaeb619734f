import NamingStages
import PrivacyStages
import RulesStages
import Store

extension StoredFamily {
    /// The stored families that ship with Pool pipeline: the privacy gate's verdicts and the rules' objects and
    /// leads, naming's things. The indexer attaches them to the index it opens; reading commands attach those already
    /// migrated.
    public static var builtIn: [StoredFamily] { [PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage] }
}
