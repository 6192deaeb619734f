import CLIPModel
import DecodeStages
import FingerprintStages
import ImageClassifier
import PersistStage
import PlacesStages
import ReadingStages
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
        return registry
    }
}
