import Runner
import Testing

@Suite("Loading a pipeline refuses what cannot run, naming the file, stage and field")
struct GraphValidationTests {
    let registry = testRegistry()

    private func problem(_ json: String) -> PipelineError? {
        do {
            _ = try loadPipeline(json, registry: registry)
            return nil
        } catch {
            return error
        }
    }

    @Test func aValidPipelineLoadsWithStagesInOrder() throws {
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "out", "kind": "collect"}, {"id": "spell", "kind": "spell"},
                        {"id": "twice", "kind": "double", "options": {"factor": 3}, "concurrency": 2}],
             "edges": [{"from": "in", "to": "twice"}, {"from": "twice", "to": "spell"}, {"from": "spell", "to": "out"}]}
            """, registry: registry)
        #expect(graph.stageIDs == ["twice", "spell", "out"])
        #expect(graph.concurrency["twice"] == 2)
    }

    @Test func unknownKind() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "x", "kind": "nope"}],
             "edges": [{"from": "in", "to": "x"}]}
            """)
        #expect(error?.stage == "x")
        #expect(error?.field == "kind")
        #expect(error?.problem == .unknownKind("nope", known: ["collect", "double", "pair", "spell"]))
        #expect(error?.description.hasPrefix("test.json: stage \"x\", field \"kind\": unknown kind \"nope\"") == true)
    }

    @Test func unknownOption() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "d", "kind": "double", "options": {"factr": 3}}], "edges": [{"from": "in", "to": "d"}]}
            """)
        #expect(error == PipelineError(file: "test.json", stage: "d", field: "options.factr",
                                       problem: .unknownOption(known: ["factor"])))
    }

    @Test func mistypedOption() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "d", "kind": "double", "options": {"factor": "3"}}], "edges": [{"from": "in", "to": "d"}]}
            """)
        #expect(error == PipelineError(file: "test.json", stage: "d", field: "options.factor",
                                       problem: .optionType(expected: "a number", found: "a string")))
    }

    @Test func optionOutOfRange() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "d", "kind": "double", "options": {"factor": 0}}], "edges": [{"from": "in", "to": "d"}]}
            """)
        #expect(error?.field == "options.factor")
        #expect(error?.description.contains("must be from 1 to 100, found 0") == true)
    }

    @Test func incompatibleEdge() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "s", "kind": "spell"}, {"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "s"}, {"from": "s", "to": "d"}]}
            """)
        #expect(error == PipelineError(file: "test.json", stage: "d", field: "edges",
                                       problem: .incompatibleEdge(from: "s", output: "String", input: "Int")))
    }

    @Test func cycle() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "a", "kind": "double"}, {"id": "b", "kind": "double"}],
             "edges": [{"from": "in", "to": "a"}, {"from": "a", "to": "b"}, {"from": "b", "to": "a"}]}
            """)
        guard case .cycle(let loop)? = error?.problem else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(Set(loop) == ["a", "b"])
        #expect(loop.first == loop.last)
    }

    @Test func danglingReference() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "a", "kind": "double"}],
             "edges": [{"from": "in", "to": "a"}, {"from": "a", "to": ["b"]}]}
            """)
        #expect(error == PipelineError(file: "test.json", field: "edges[1].to", problem: .danglingReference("b")))
    }

    @Test func missingSource() {
        #expect(problem("""
            {"sources": [], "stages": [{"id": "a", "kind": "double"}], "edges": []}
            """)?.problem == .noSource)
        #expect(problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "a", "kind": "double"}, {"id": "b", "kind": "double"}],
             "edges": [{"from": "in", "to": "a"}]}
            """) == PipelineError(file: "test.json", stage: "b", problem: .unreachable))
    }

    @Test func edgeIntoSource() {
        #expect(problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "a", "kind": "double"}],
             "edges": [{"from": "in", "to": "a"}, {"from": "a", "to": "in"}]}
            """) == PipelineError(file: "test.json", field: "edges[1].to", problem: .edgeIntoSource("in")))
    }

    @Test func duplicateIDAndUnknownField() {
        #expect(problem("""
            {"sources": [{"id": "a", "kind": "list"}], "stages": [{"id": "a", "kind": "double"}], "edges": []}
            """) == PipelineError(file: "test.json", stage: "a", field: "id", problem: .duplicateID))
        #expect(problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "a", "kind": "double", "concurency": 2}],
             "edges": [{"from": "in", "to": "a"}]}
            """) == PipelineError(file: "test.json", stage: "a", field: "concurency", problem: .unknownField))
    }

    @Test func malformedJSONAndShapes() {
        guard case .malformed(let reason)? = problem("{\"sources\": [").flatMap({ $0.problem }) else {
            Issue.record("expected malformed JSON")
            return
        }
        #expect(reason.hasPrefix("not valid JSON"))
        #expect(problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "a", "kind": "double", "concurrency": 0}],
             "edges": [{"from": "in", "to": "a"}]}
            """)?.field == "concurrency")
        #expect(problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": {"id": "a"}, "edges": []}
            """)?.field == "stages")
    }

    @Test func joinNeedsItsRequiredPart() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "s", "kind": "spell"}, {"id": "p", "kind": "pair"}],
             "edges": [{"from": "in", "to": "s"}, {"from": "s", "to": "p"}]}
            """)
        #expect(error == PipelineError(file: "test.json", stage: "p", field: "edges", problem: .missingPart(type: "Int")))
    }

    @Test func aStageThatCannotJoinRefusesTwoEdgesForOneCapture() {
        let error = problem("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "a", "kind": "double"}, {"id": "b", "kind": "double"}, {"id": "c", "kind": "double"}],
             "edges": [{"from": "in", "to": ["a", "b"]}, {"from": ["a", "b"], "to": "c"}]}
            """)
        #expect(error?.stage == "c")
        #expect(error?.description.contains("would reach this stage from a and b") == true)
    }
}
