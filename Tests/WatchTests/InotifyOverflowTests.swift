import Foundation
import Testing
@testable import FileWatch

@Suite("A real inotify queue overflow")
struct InotifyOverflowTests {
    @Test func givenMoreEventsThanTheKernelQueues_thenOverflowIsReportedAndFoldersAreWalkedAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overflow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var box = InotifyBox(inotify: try Inotify(), warn: { _ in })
        try box.watchTree(root, reportingFiles: nil, include: { _ in true }, required: true)

        // Nothing reads the queue meanwhile: each file is two events (IN_CREATE, IN_CLOSE_WRITE), past the limit.
        let text = try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
        let limit = Int(text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16_384
        for index in 0..<(limit / 2 + 64) {
            #expect(FileManager.default.createFile(atPath: root + "/f\(index).png", contents: nil))
        }
        try FileManager.default.createDirectory(atPath: root + "/late", withIntermediateDirectories: false)

        let changes = try box.drain(include: { _ in true }, roots: [root])
        #expect(changes.contains(.overflow))
        #expect(changes.count <= limit, "events past the limit were dropped by the kernel")
        #expect(box.paths.values.contains(root + "/late"), "a folder no event named is watched after the overflow")
    }
}
