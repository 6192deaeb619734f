/// The machine's state as far as indexing cares: running hot, on battery, or in a power-saver profile.
public struct PowerConditions: Sendable, Equatable {
    public var hot: Bool
    public var onBattery: Bool
    public var powerSaver: Bool

    public init(hot: Bool = false, onBattery: Bool = false, powerSaver: Bool = false) {
        self.hot = hot
        self.onBattery = onBattery
        self.powerSaver = powerSaver
    }

    /// Why indexing should slow down, in words; nil when it need not.
    public var throttleReason: String? {
        var reasons: [String] = []
        if hot { reasons.append("the machine is hot") }
        if onBattery { reasons.append("on battery") }
        if powerSaver { reasons.append("power-saver profile") }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }

    /// The concurrency a stage configured with `concurrency` runs at under these conditions.
    public func concurrency(for concurrency: Int) -> Int {
        throttleReason == nil ? concurrency : max(1, concurrency / 2)
    }
}

/// Tells the runner the machine's power conditions; read at stage boundaries every few seconds.
public protocol PowerMonitor: Sendable {
    func conditions() -> PowerConditions
}
