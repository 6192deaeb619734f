import Runner

extension StageRegistry {
    /// Registers the store's stage kinds: `sqlite.persist`.
    public mutating func registerStoreStages() {
        register(SQLitePersistStage.kind) { setup in
            try SQLitePersistStage(options: setup.options, environment: setup.environment)
        }
    }
}
