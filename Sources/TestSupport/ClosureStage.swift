import Runner

/// A stage made from a closure, for tests that swap a stage kind for their own behaviour.
public struct ClosureStage<Input: Sendable, Output: Sendable>: Stage {
    private let body: @Sendable (Input, StageContext) async throws -> Output
    private let onFinish: @Sendable () async throws -> Void

    public init(_ body: @escaping @Sendable (Input, StageContext) async throws -> Output,
                onFinish: @escaping @Sendable () async throws -> Void = {}) {
        self.body = body
        self.onFinish = onFinish
    }

    public func process(_ input: Input, context: StageContext) async throws -> Output {
        try await body(input, context)
    }

    public func finish() async throws { try await onFinish() }
}
