import Glibc

/// A thin owner of one inotify instance (Linux): adds and removes watches and reads raw events. Not thread-safe:
/// `FolderWatch` calls it from its one reading thread (and once before that thread starts).
final class Inotify {
    /// One event as the kernel wrote it: the watch it belongs to, its mask, and the name inside the watched folder
    /// (empty for events about the folder itself).
    struct Event: Equatable {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// What a folder watch asks the kernel for: files created, written, closed after writing, deleted and moved,
    /// and the folder itself going away.
    static let folderMask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                                   | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    let descriptor: Int32

    /// Opens an instance; throws naming `errno` (too many instances: `fs.inotify.max_user_instances`).
    init() throws(FolderWatchError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw FolderWatchError(path: "", operation: "inotify_init1", errno: errno) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Watches the folder at `path`; returns the watch descriptor.
    func addWatch(_ path: String) throws(FolderWatchError) -> Int32 {
        let watch = inotify_add_watch(descriptor, path, Self.folderMask)
        guard watch >= 0 else { throw FolderWatchError(path: path, operation: "inotify_add_watch", errno: errno) }
        return watch
    }

    /// Reads the events queued now (none when nothing is queued: the descriptor does not block).
    func read() throws(FolderWatchError) -> [Event] {
        // Room for many events at once; each is 16 bytes and a name padded to at most NAME_MAX + 1.
        let capacity = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, capacity) }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return [] }
            throw FolderWatchError(path: "", operation: "read", errno: errno)
        }
        return Self.parse(buffer[0..<count])
    }

    /// Splits the bytes of `read(2)` into events (`struct inotify_event`: wd, mask, cookie, len, name[len]).
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        let header = 16
        while bytes.endIndex - offset >= header {
            func word(_ at: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + at + $1]) << (8 * UInt32($1)) }
            }
            let length = Int(word(12))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: Int32(bitPattern: word(0)), mask: word(4), name: name))
            offset += header + length
        }
        return events
    }
}
