import Foundation
import Glibc
import Synchronization

/// Watches folders and everything under them through inotify, new subfolders included, and reports each change
/// to a file as a `FileChange`, from a thread of its own, until cancelled.
///
/// Hidden entries (a name starting with a dot, as writers use for a file before renaming it into place) and files
/// `include` turns down are not reported. A folder created or moved in is watched at once and each file already in
/// it reported as complete (it may have been written before the watch was added). When the kernel's queue
/// overflows, `.overflow` is reported and every folder is walked again, so folders created meanwhile are watched.
public final class FolderWatch: Sendable {
    public typealias Report = @Sendable (FileChange) -> Void

    private let roots: [String]
    private let include: @Sendable (String) -> Bool
    private let report: Report
    private let inotify: Mutex<InotifyBox>
    /// Written to end the reading thread's `poll`.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let stopped = Atomic(false)

    /// Watches `roots` (absolute folder paths) and reports to `report`. Throws when inotify cannot be opened or a
    /// root cannot be watched; a subfolder that cannot be watched is passed to `warn` and left out.
    public init(roots: [String], include: @escaping @Sendable (String) -> Bool = { _ in true },
                warn: @escaping @Sendable (String) -> Void = { _ in },
                report: @escaping Report) throws(FolderWatchError) {
        self.roots = roots
        self.include = include
        self.report = report
        var box = InotifyBox(inotify: try Inotify(), warn: warn)
        for root in roots { _ = try box.watchTree(root, reportingFiles: nil, include: include, required: true) }
        inotify = Mutex(box)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FolderWatchError(path: "", operation: "pipe", errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        let thread = Thread { [self] in readLoop() }
        thread.name = "pool-pipeline.folder-watch"
        thread.start()
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// How many folders are watched now.
    public var watchedFolders: Int { inotify.withLock { $0.paths.count } }

    /// Ends the watch: nothing is reported after this returns... once the reading thread sees it (at once).
    public func cancel() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func readLoop() {
        let descriptor = inotify.withLock { $0.inotify.descriptor }
        var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while !stopped.load(ordering: .sequentiallyConsistent) {
            guard poll(&polled, 2, -1) >= 0 || errno == EINTR else { return }
            if stopped.load(ordering: .sequentiallyConsistent) { return }
            let changes = inotify.withLock { box -> [FileChange] in
                do {
                    return try box.drain(include: include, roots: roots)
                } catch {
                    box.warn("\(error)")
                    return []
                }
            }
            for change in changes { report(change) }
        }
    }
}

/// The inotify instance and the path of each watch, kept together behind `FolderWatch`'s lock.
struct InotifyBox: @unchecked Sendable {
    let inotify: Inotify
    let warn: @Sendable (String) -> Void
    var paths: [Int32: String] = [:]

    init(inotify: Inotify, warn: @escaping @Sendable (String) -> Void) {
        self.inotify = inotify
        self.warn = warn
    }

    /// Watches `folder` and the folders under it (hidden ones left out); appends each file found to `files` when
    /// given. A folder that cannot be watched is warned about, or thrown when `required`.
    @discardableResult
    mutating func watchTree(_ folder: String, reportingFiles files: UnsafeMutablePointer<[FileChange]>?,
                            include: (String) -> Bool, required: Bool = false) throws(FolderWatchError) -> Bool {
        do {
            let watch = try inotify.addWatch(folder)
            paths[watch] = folder
        } catch {
            if required { throw error }
            warn("\(error)")
            return false
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return true }
        for name in entries.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                try watchTree(path, reportingFiles: files, include: include)
            } else if include(name) {
                files?.pointee.append(FileChange(path: path, kind: .complete))
            }
        }
        return true
    }

    /// Reads every queued event and turns it into changes, watching new folders as they come.
    mutating func drain(include: (String) -> Bool, roots: [String]) throws(FolderWatchError) -> [FileChange] {
        var changes: [FileChange] = []
        while true {
            let events = try inotify.read()
            if events.isEmpty { return changes }
            for event in events { try handle(event, into: &changes, include: include, roots: roots) }
        }
    }

    private mutating func handle(_ event: Inotify.Event, into changes: inout [FileChange], include: (String) -> Bool,
                                 roots: [String]) throws(FolderWatchError) {
        let mask = event.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changes.append(.overflow)
            // Folders created while events were lost are not watched yet: walk everything again.
            for root in roots { try watchTree(root, reportingFiles: nil, include: include) }
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            paths[event.watch] = nil
            return
        }
        guard let folder = paths[event.watch], !event.name.isEmpty, !event.name.hasPrefix(".") else { return }
        let path = folder + "/" + event.name
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                var found: [FileChange] = []
                try withUnsafeMutablePointer(to: &found) { pointer throws(FolderWatchError) in
                    _ = try watchTree(path, reportingFiles: pointer, include: include)
                }
                changes += found
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                changes.append(FileChange(path: path, kind: .removed))
            }
            return
        }
        guard include(event.name) else { return }
        if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
            changes.append(FileChange(path: path, kind: .complete))
        } else if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
            changes.append(FileChange(path: path, kind: .writing))
        } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            changes.append(FileChange(path: path, kind: .removed))
        }
    }
}
