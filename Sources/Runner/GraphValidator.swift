/// The structural and type checks of a pipeline, applied once its nodes are built.
struct GraphValidator {
    let file: String
    let spec: PipelineSpec

    private var sourceIndex: [String: Int] = [:]
    private var stageIndex: [String: Int] = [:]

    init(file: String, spec: PipelineSpec) {
        self.file = file
        self.spec = spec
    }

    mutating func checkIDs() throws(PipelineError) {
        for (index, node) in spec.sources.enumerated() {
            guard sourceIndex[node.id] == nil else { throw duplicate(node.id) }
            sourceIndex[node.id] = index
        }
        for (index, node) in spec.stages.enumerated() {
            guard sourceIndex[node.id] == nil, stageIndex[node.id] == nil else { throw duplicate(node.id) }
            stageIndex[node.id] = index
        }
        if spec.sources.isEmpty { throw PipelineError(file: file, field: "sources", problem: .noSource) }
    }

    func graph(sources: [AnySource], stages: [AnyStage]) throws(PipelineError) -> PipelineGraph {
        let count = spec.stages.count
        var fromSources = [[Int]](repeating: [], count: count)   // stage -> feeding sources
        var fromStages = [[Int]](repeating: [], count: count)    // stage -> feeding stages
        var sourceOut = [[Int]](repeating: [], count: spec.sources.count)
        var stageOut = [[Int]](repeating: [], count: count)

        for (edgeNumber, edge) in spec.edges.enumerated() {
            for (position, target) in edge.to.enumerated() {
                let field = edge.to.count == 1 ? "edges[\(edgeNumber)].to" : "edges[\(edgeNumber)].to[\(position)]"
                if sourceIndex[target] != nil {
                    throw PipelineError(file: file, field: field, problem: .edgeIntoSource(target))
                }
                guard let to = stageIndex[target] else {
                    throw PipelineError(file: file, field: field, problem: .danglingReference(target))
                }
                for (fromPosition, origin) in edge.from.enumerated() {
                    if let from = sourceIndex[origin] {
                        if !fromSources[to].contains(from) { fromSources[to].append(from); sourceOut[from].append(to) }
                    } else if let from = stageIndex[origin] {
                        if !fromStages[to].contains(from) { fromStages[to].append(from); stageOut[from].append(to) }
                    } else {
                        let fromField = edge.from.count == 1 ? "edges[\(edgeNumber)].from"
                                                             : "edges[\(edgeNumber)].from[\(fromPosition)]"
                        throw PipelineError(file: file, field: fromField, problem: .danglingReference(origin))
                    }
                }
            }
        }

        for index in 0..<count where fromSources[index].isEmpty && fromStages[index].isEmpty {
            throw PipelineError(file: file, stage: spec.stages[index].id, problem: .unreachable)
        }
        if let idle = sourceOut.firstIndex(where: \.isEmpty) {
            throw PipelineError(file: file, stage: spec.sources[idle].id, field: "edges",
                                problem: .malformed(reason: "no edge leads out of this source"))
        }
        let order = try topologicalOrder(fromStages: fromStages, stageOut: stageOut)

        // Which sources' captures reach each stage, and along how many of its incoming edges.
        var reaching = [[Int]](repeating: [Int](repeating: 0, count: spec.sources.count), count: count)
        var joins = [Bool](repeating: false, count: count)
        for index in order {
            var arrivals = [Int](repeating: 0, count: spec.sources.count)
            for source in fromSources[index] { arrivals[source] += 1 }
            for upstream in fromStages[index] {
                for source in 0..<spec.sources.count where reaching[upstream][source] > 0 { arrivals[source] += 1 }
            }
            joins[index] = try checkTypes(stage: index, stages: stages, sources: sources,
                                          fromSources: fromSources[index], fromStages: fromStages[index],
                                          arrivals: arrivals)
            reaching[index] = arrivals
        }

        var terminals = [Int](repeating: 0, count: spec.sources.count)
        for index in 0..<count where stageOut[index].isEmpty {
            for source in 0..<spec.sources.count where reaching[index][source] > 0 { terminals[source] += 1 }
        }

        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let stageNodes = order.map { index in
            let node = spec.stages[index]
            return PipelineGraph.StageNode(
                id: node.id, kind: node.kind, stage: stages[index], concurrency: node.concurrency,
                buffer: node.buffer ?? 2 * node.concurrency,
                upstreamStages: fromStages[index].map { position[$0]! }, upstreamSources: fromSources[index],
                downstream: stageOut[index].map { position[$0]! }, joins: joins[index],
                arrivalsBySource: reaching[index])
        }
        let sourceNodes = spec.sources.enumerated().map { index, node in
            PipelineGraph.SourceNode(id: node.id, kind: node.kind, source: sources[index],
                                     downstream: sourceOut[index].map { position[$0]! })
        }
        return PipelineGraph(file: file, name: spec.name, sources: sourceNodes, stages: stageNodes,
                             terminalsBySource: terminals)
    }

    /// Checks what flows into one stage, and says whether the stage joins several outputs of each capture.
    private func checkTypes(stage index: Int, stages: [AnyStage], sources: [AnySource], fromSources: [Int],
                            fromStages: [Int], arrivals: [Int]) throws(PipelineError) -> Bool {
        let stage = stages[index]
        let id = spec.stages[index].id
        var incoming: [(id: String, type: any Sendable.Type)] = fromSources.map {
            (spec.sources[$0].id, sources[$0].outputType)
        }
        incoming += fromStages.map { (spec.stages[$0].id, stages[$0].outputType) }
        let joins = arrivals.contains { $0 > 1 }

        if joins {
            guard let parts = stage.joinParts else {
                let origin = incoming.first!
                throw PipelineError(
                    file: file, stage: id, field: "edges",
                    problem: .malformed(reason: "each capture would reach this stage from \(incoming.map(\.id).joined(separator: " and ")); "
                        + "only a stage whose input joins several outputs (JoinedInput) can read more than one edge for one capture, "
                        + "and \(typeName(stage.inputType)) does not (first edge from \"\(origin.id)\")"))
            }
            var seen: Set<ObjectIdentifier> = []
            for edge in incoming {
                guard parts.contains(where: { $0.type == edge.type }) || stage.extraParts.accepts(edge.type),
                      seen.insert(ObjectIdentifier(edge.type)).inserted else {
                    throw PipelineError(file: file, stage: id, field: "edges",
                                        problem: .incompatibleEdge(from: edge.id, output: typeName(edge.type),
                                                                   input: partsDescription(parts) + stage.extraParts.summary))
                }
            }
            if let missing = parts.first(where: { part in part.required && !seen.contains(ObjectIdentifier(part.type)) }) {
                throw PipelineError(file: file, stage: id, field: "edges", problem: .missingPart(type: typeName(missing.type)))
            }
            return true
        }

        for edge in incoming where edge.type != stage.inputType {
            let accepts = stage.joinParts.map { partsDescription($0) + stage.extraParts.summary } ?? typeName(stage.inputType)
            if let parts = stage.joinParts,
               parts.contains(where: { $0.type == edge.type }) || stage.extraParts.accepts(edge.type) {
                if let missing = parts.first(where: { $0.required && $0.type != edge.type }) {
                    throw PipelineError(file: file, stage: id, field: "edges", problem: .missingPart(type: typeName(missing.type)))
                }
                continue
            }
            throw PipelineError(file: file, stage: id, field: "edges",
                                problem: .incompatibleEdge(from: edge.id, output: typeName(edge.type), input: accepts))
        }
        return stage.joinParts != nil && incoming.contains { $0.type != stage.inputType }
    }

    private func topologicalOrder(fromStages: [[Int]], stageOut: [[Int]]) throws(PipelineError) -> [Int] {
        var remaining = fromStages.map(\.count)
        var ready = (0..<remaining.count).filter { remaining[$0] == 0 }
        var order: [Int] = []
        while let next = ready.first {
            ready.removeFirst()
            order.append(next)
            for target in stageOut[next] {
                remaining[target] -= 1
                if remaining[target] == 0 { ready.append(target) }
            }
        }
        guard order.count == remaining.count else { throw cycleError(fromStages: fromStages, done: Set(order)) }
        return order
    }

    /// Walks back from a stage left over by the topological sort until a stage repeats: that loop is a cycle.
    private func cycleError(fromStages: [[Int]], done: Set<Int>) -> PipelineError {
        var path: [Int] = [(0..<fromStages.count).first { !done.contains($0) }!]
        while true {
            let current = path.last!
            let previous = fromStages[current].first { !done.contains($0) }!
            if let start = path.firstIndex(of: previous) {
                let loop = Array(path[start...].reversed()) + [path[path.count - 1]]
                let names = loop.map { spec.stages[$0].id }
                return PipelineError(file: file, stage: names[0], field: "edges", problem: .cycle(names))
            }
            path.append(previous)
        }
    }

    private func duplicate(_ id: String) -> PipelineError {
        PipelineError(file: file, stage: id, field: "id", problem: .duplicateID)
    }
}

func typeName(_ type: any Any.Type) -> String { String(describing: type) }

private func partsDescription(_ parts: [JoinPart]) -> String {
    parts.map { typeName($0.type) + ($0.required ? "" : "?") }.joined(separator: " + ")
}
