/// One named schema change. Its name is recorded in `schema_migrations` when it is applied, so it runs once.
public struct Migration: Sendable {
    public var name: String
    public var apply: @Sendable (Database) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}
