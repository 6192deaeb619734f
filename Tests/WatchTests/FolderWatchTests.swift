import FileWatch
import Foundation
import Testing

/// Collects what a `FolderWatch` reports, for a test to wait on (reports come from the watch's own thread).
final class ChangeLog: Sendable {
    let queue = EventQueue<FileChange>()

    func report(_ change: FileChange) { queue.push(change) }

    /// Waits for the next change `matching`, returning the changes seen up to it.
    func waitFor(_ matching: (FileChange) -> Bool) async -> [FileChange] {
        var seen: [FileChange] = []
        while true {
            let change = await queue.next()
            seen.append(change)
            if matching(change) { return seen }
        }
    }
}

@Suite("Folders watched through inotify, new subfolders included")
struct FolderWatchTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-watch-\(UUID().uuidString)").path

    @Test func givenAWatchedFolder_whenFilesComeInNewSubfoldersAndGo_thenEachIsReported() async throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let log = ChangeLog()
        let watch = try FolderWatch(roots: [root], include: { $0.hasSuffix(".png") }) { log.report($0) }
        defer { watch.cancel() }

        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/.hidden.png"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        try Data("png".utf8).write(to: URL(fileURLWithPath: root + "/a.png"))
        let first = await log.waitFor { $0.kind == .complete }
        #expect(first.map(\.path).allSatisfy { $0 == root + "/a.png" }, "hidden and other files are not reported")
        #expect(first.first?.kind == .writing, "created and written before closed")

        try FileManager.default.createDirectory(atPath: root + "/2026/12", withIntermediateDirectories: true)
        try Data("png".utf8).write(to: URL(fileURLWithPath: root + "/2026/12/b.png"))
        let nested = await log.waitFor { $0 == FileChange(path: root + "/2026/12/b.png", kind: .complete) }
        #expect(!nested.isEmpty)
        #expect(watch.watchedFolders == 3)

        try FileManager.default.removeItem(atPath: root + "/a.png")
        _ = await log.waitFor { $0 == FileChange(path: root + "/a.png", kind: .removed) }
        try FileManager.default.moveItem(atPath: root + "/2026/12/b.png", toPath: root + "/c.png")
        _ = await log.waitFor { $0 == FileChange(path: root + "/c.png", kind: .complete) }
    }

    @Test func givenAFolderThatDoesNotExist_thenTheWatchSaysWhichAndWhy() {
        #expect(throws: FolderWatchError(path: root + "/missing", operation: "inotify_add_watch", errno: ENOENT)) {
            _ = try FolderWatch(roots: [root + "/missing"]) { _ in }
        }
    }
}
