import CLIPStages
import CodesStages
import DecodeStages
import FingerprintStages
import LabelsStages
import NamingStages
import PersistStage
import PlacesStages
import PrivacyStages
import RulesStages
import Runner
import TextStages

extension StageRegistry {
    /// Every stage and source kind that ships with Pool pipeline.
    public static var builtIn: StageRegistry {
        var registry = StageRegistry()
        registry.registerDecodeStages()
        registry.registerFingerprintStages()
        registry.registerClassifierStages()
        registry.registerCLIPStages()
        registry.registerTextStages()
        registry.registerCodesStages()
        registry.registerStoreStages()
        registry.registerPlacesStages()
        registry.registerPrivacyStages()
        registry.registerRulesStages()
        registry.registerNamingStages()
        registry.describeProcessRuntime()
        return registry
    }
}
