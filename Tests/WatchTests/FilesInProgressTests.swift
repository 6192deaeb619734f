import Captures
import DecodeStages
import Foundation
import Runner
import Testing
import TestSupport

@Suite("A pass under way passes over files still being written")
struct FilesInProgressTests {
    @Test func givenAFileBeingWrittenWhenThePassLists_thenItIsNeitherReadNorForgotten() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("in-progress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("done".utf8).write(to: URL(fileURLWithPath: root + "/done.png"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: root + "/half.png"))
        let ledger = InMemoryLedger()

        var source = FolderSource(root: root, extensions: ["png"], warn: { _ in })
        source.inProgress = FilesInProgress { $0 == root + "/half.png" }
        var emitted: [String] = []
        try await source.captures(context: SourceContext(sourceID: "lib", ledger: ledger)) { emitted.append($0.value.path) }
        #expect(emitted == [root + "/done.png"])

        // Once complete, the next pass reads it.
        source.inProgress = FilesInProgress { _ in false }
        emitted = []
        try await source.captures(context: SourceContext(sourceID: "lib", ledger: ledger)) { emitted.append($0.value.path) }
        #expect(emitted.contains(root + "/half.png"))
    }
}
