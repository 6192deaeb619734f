import Foundation
import Captures
import Runner
import Store
import Testing

@Suite("The index as a ledger a source can stream against")
struct LedgerPagingTests {
    /// Six captures of "photos" (four indexed, two failed) and one of "screens".
    func makeIndex(_ location: IndexLocation) async throws -> TestIndex {
        let index = try TestIndex(location)
        try index.store.write(["e.jpg", "a.jpg", "c.jpg", "f.jpg"].map { Records.record($0, signature: "s-" + $0) }
                              + [Records.record("b.png", source: "screens", signature: "s-b")])
        for name in ["d.jpg", "b.jpg"] {
            try await index.store.recordFailure(CaptureFailure(capture: CaptureID("photos:" + name), stageID: "decode",
                                                               reason: "broken"), source: "photos", signature: "f-" + name)
        }
        return index
    }

    @Test("Given indexed and failed captures, when paged two at a time, then every id of the source comes once, in order",
          arguments: IndexLocation.allCases)
    func paging(_ location: IndexLocation) async throws {
        let index = try await makeIndex(location)
        var pages: [[CaptureID]] = []
        var cursor: CaptureID?
        while true {
            let page = try await index.store.captureIDs(source: "photos", after: cursor, limit: 2)
            if page.isEmpty { break }
            pages.append(page)
            cursor = page.last
        }
        #expect(pages == [["a", "b"], ["c", "d"], ["e", "f"]].map { $0.map { CaptureID("photos:\($0).jpg") } })
        #expect(try await index.store.captureIDs(source: "screens", after: nil, limit: 10) == [CaptureID("screens:b.png")])
    }

    @Test("Given a batch of ids, then the signatures of those the source holds come back, failed ones included",
          arguments: IndexLocation.allCases)
    func batchLookup(_ location: IndexLocation) async throws {
        let index = try await makeIndex(location)
        let asked = ["a.jpg", "b.jpg", "new.jpg"].map { CaptureID("photos:" + $0) } + [CaptureID("screens:b.png")]
        let found = try await index.store.signatures(of: asked, source: "photos")
        #expect(found == [CaptureID("photos:a.jpg"): "s-a.jpg", CaptureID("photos:b.jpg"): "f-b.jpg"])
        // The batch lookup agrees with the whole-source read it replaces.
        let all = try await index.store.signatures(source: "photos")
        #expect(try await index.store.signatures(of: Array(all.keys), source: "photos") == all)
    }
}

@Suite("Marking the saved status with the running process")
struct StatusMarkTests {
    @Test("Given a saved status, when a run marks it, then the pid changes and the status is kept",
          arguments: IndexLocation.allCases)
    func mark(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.markRunning(pid: 100)
        #expect(try index.store.loadStatus()?.pid == 100)
        let saved = Data(#"{"phase":"idle"}"#.utf8)
        try index.store.saveStatus(json: saved, pid: nil)
        try index.store.markRunning(pid: 200)
        #expect(try index.store.loadStatus()?.pid == 200)
        #expect(try index.store.loadStatus()?.json == saved)
    }
}
