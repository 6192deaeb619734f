/// The process-wide library settings chosen for one graph from every stage's `RuntimeNeed`s: decided once,
/// applied once by `PipelineLoader`, and shown in `status` (a run's notes) and `bench`.
public struct RuntimeSettings: Sendable, Equatable {
    /// One stage's declared need.
    public struct Request: Sendable, Equatable {
        public var stageID: String
        public var need: RuntimeNeed

        public init(stageID: String, need: RuntimeNeed) {
            self.stageID = stageID
            self.need = need
        }
    }

    /// What the stages asked for, in load order.
    public let requests: [Request]
    /// The cores the settlement divided.
    public let cores: Int
    /// The value chosen for each resource some stage needs.
    public let values: [RuntimeResource: Int]
    /// What a setting amounts to in this process, where its library says (`StageRegistry.describeRuntime`):
    /// "OpenBLAS core Haswell (chosen for this CPU; ...)".
    public var descriptions: [RuntimeResource: String] = [:]

    /// No stage needs anything.
    public static let none = RuntimeSettings(requests: [], cores: 1)

    /// Settles `requests` on `cores`: BLAS threads = cores ÷ all BLAS callers (at least 1), libvips threads the
    /// largest asked for, the OpenMP limit the smallest.
    public init(requests: [Request], cores: Int) {
        self.requests = requests
        self.cores = max(1, cores)
        var values: [RuntimeResource: Int] = [:]
        let callers = requests.reduce(0) { sum, request in
            if case .blasCallers(let count) = request.need { return sum + max(1, count) }
            return sum
        }
        if callers > 0 { values[.blasThreads] = max(1, self.cores / callers) }
        for request in requests {
            switch request.need {
            case .blasCallers: break
            case .vipsThreadsPerImage(let threads):
                values[.vipsThreadsPerImage] = max(values[.vipsThreadsPerImage] ?? 1, threads)
            case .openMPThreadLimit(let limit):
                values[.openMPThreadLimit] = min(values[.openMPThreadLimit] ?? Int.max, max(1, limit))
            }
        }
        self.values = values
    }

    /// The value chosen for `resource`, or nil when no stage needs it.
    public subscript(_ resource: RuntimeResource) -> Int? { values[resource] }

    /// One sentence per setting, naming the stages that asked: "runtime: BLAS threads per call = 1 (2 cores;
    /// vectors 2 callers, labels 2 callers)".
    public var notes: [String] {
        RuntimeResource.allCases.compactMap { resource in
            guard let value = values[resource] else { return nil }
            let askers = requests.filter { $0.need.resource == resource }.map { request in
                switch request.need {
                case .blasCallers(let count): "\(request.stageID) \(count) caller\(count == 1 ? "" : "s")"
                case .vipsThreadsPerImage(let threads), .openMPThreadLimit(let threads):
                    "\(request.stageID) \(threads)"
                }
            }
            let cores = resource == .blasThreads ? "\(self.cores) cores; " : ""
            let described = descriptions[resource].map { "; \($0)" } ?? ""
            return "runtime: \(resource.rawValue) = \(value) (\(cores)\(askers.joined(separator: ", ")))\(described)"
        }
    }
}
