import Captures
import Foundation
import PersistStage
import Runner
import Store
import Testing
import TestSupport

@Suite("sqlite.persist stage")
struct PersistStageTests {
    func environment(_ store: IndexStore?) -> StageEnvironment {
        var environment = StageEnvironment(baseDirectory: "/pipelines")
        if let store { environment.provide(store) }
        return environment
    }

    func options(_ values: [String: JSONValue]) -> StageOptions {
        StageOptions(file: "default.json", stageID: "persist", values: values)
    }

    @Test("Given slice 3, then captures reach the index three at a time and finish writes the rest",
          arguments: IndexLocation.allCases)
    func writesBySlice(_ location: IndexLocation) async throws {
        let index = try TestIndex(location)
        let stage = SQLitePersistStage(store: index.store, slice: 3)
        let harness = StageHarness(stage)
        let records = Records.many(5)
        var counts: [Int] = []
        for record in records {
            let output = try await harness.process(record, capture: record.file.id)
            #expect(output.file == record.file)
            counts.append(try index.store.captureCount)
        }
        #expect(counts == [0, 0, 3, 3, 3])
        #expect(stage.pendingCount == 2)
        try await stage.finish()
        #expect(try index.store.captureCount == 5)
        #expect(stage.pendingCount == 0)
    }

    @Test("Given options from a pipeline file, then the default slice is 50 and the store comes from the environment")
    func fromOptions() async throws {
        let store = try IndexStore.inMemory()
        let stage = try SQLitePersistStage(options: options([:]), environment: environment(store))
        let harness = StageHarness(stage)
        let records = Records.many(51)
        for record in records.prefix(49) { _ = try await harness.process(record) }
        #expect(try store.captureCount == 0)
        _ = try await harness.process(records[49])
        #expect(try store.captureCount == 50)
        _ = try await harness.process(records[50])
        try await stage.finish()
        #expect(try store.captureCount == 51)
    }

    @Test("A slice outside 1...10000 is refused, naming the file, stage and option", arguments: [0, 10_001, -5])
    func sliceRange(_ slice: Int) throws {
        let store = try IndexStore.inMemory()
        let error = try #require(throws: PipelineError.self) {
            try SQLitePersistStage(options: options(["slice": .number(Double(slice))]), environment: environment(store))
        }
        #expect(error.file == "default.json")
        #expect(error.stage == "persist")
        #expect(error.field == "options.slice")
        #expect(error.problem == .invalidOption(reason: "must be from 1 to 10000, found \(slice)"))
    }

    @Test("Without an index in the environment, loading fails and says so")
    func noIndex() throws {
        let error = try #require(throws: PipelineError.self) {
            try SQLitePersistStage(options: options([:]), environment: environment(nil))
        }
        #expect(error.stage == "persist")
        #expect(error.description.contains("no index is open for sqlite.persist"))
    }

    @Test("registerStoreStages registers sqlite.persist")
    func registration() {
        var registry = StageRegistry()
        registry.registerStoreStages()
        #expect(registry.stageKinds == ["sqlite.persist"])
    }

    @Test("Given several workers at once, then every capture is stored exactly once")
    func concurrentWorkers() async throws {
        let store = try IndexStore.inMemory()
        let stage = SQLitePersistStage(store: store, slice: 7)
        let records = Records.many(100)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for record in records[(worker * 25)..<(worker * 25 + 25)] {
                        _ = try await stage.process(record, context: StageContext(stageID: "persist",
                                                                                  capture: record.file.id, worker: worker))
                    }
                }
            }
            try await group.waitForAll()
        }
        try await stage.finish()
        #expect(try store.captureCount == 100)
        #expect(try await store.signatures(source: "photos").count == 100)
        #expect(try store.integrityProblems() == [])
    }

    @Test("Given a kill between slices, then the next run finds the unflushed captures missing and redoes them")
    func killBetweenSlices() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let records = Records.many(25)
        do {
            let store = try IndexStore(path: path)
            let stage = SQLitePersistStage(store: store, slice: 10)
            for record in records { _ = try await StageHarness(stage).process(record) }
            // Killed here: finish() never runs.
        }
        let store = try IndexStore(path: path)
        #expect(try store.captureCount == 20)
        let ledger = try await store.signatures(source: "photos")
        let redo = records.filter { ledger[$0.file.id] != $0.file.signature }
        #expect(redo.count == 5)

        let stage = SQLitePersistStage(store: store, slice: 10)
        _ = try await StageHarness(stage).run(redo)
        #expect(try store.captureCount == 25)
        #expect(try store.integrityProblems() == [])
    }

    @Test("Given an index that cannot be written, then the capture completing the slice fails with the reason")
    func sliceFailure() async throws {
        let store = try IndexStore.inMemory()
        let stage = SQLitePersistStage(store: store, slice: 2, stageID: "save")
        _ = try await StageHarness(stage).process(Records.record("a.jpg"))
        store.close()
        let error = try await #require(throws: PersistError.self) {
            try await StageHarness(stage).process(Records.record("b.jpg"))
        }
        #expect(error.description == "stage \"save\" could not write a slice of 2 captures to the index at :memory:: "
                + "the index at :memory: is closed")
    }
}
