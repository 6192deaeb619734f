import CLIPStages
import DecodeStages
import FingerprintStages
import LabelsStages
import NamingStages
import PersistStage
import PlacesStages
import PrivacyStages
import ReadingStages
import RulesStages
import Runner

extension StageRegistry {
    /// Every stage and source kind that ships with Pool pipeline.
    public static var builtIn: StageRegistry {
        var registry = StageRegistry()
        registry.registerDecodeStages()
        registry.registerFingerprintStages()
        registry.registerClassifierStages()
        registry.registerCLIPStages()
        registry.registerReadingStages()
        registry.registerStoreStages()
        registry.registerPlacesStages()
        registry.registerPrivacyStages()
        registry.registerRulesStages()
        registry.registerNamingStages()
        return registry
    }
}
