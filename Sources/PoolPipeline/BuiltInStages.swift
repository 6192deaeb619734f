import Runner

extension StageRegistry {
    /// Every stage and source kind that ships with Pool pipeline.
    public static var builtIn: StageRegistry {
        let registry = StageRegistry()
        return registry
    }
}
