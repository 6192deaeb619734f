import DecodeStages
import PersistStage
import Runner

extension StageRegistry {
    /// Every stage and source kind that ships with Pool pipeline.
    public static var builtIn: StageRegistry {
        var registry = StageRegistry()
        registry.registerDecodeStages()
        registry.registerStoreStages()
        return registry
    }
}
