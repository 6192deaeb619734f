import Captures
import Glibc

/// What an entry of a folder turns out to be once links are followed: a regular file to read, gone since it was
/// listed, or something that cannot be a capture, with why in words. Only `stat`/`lstat`/`readlink` are used,
/// so inspecting a FIFO or a device never opens it (opening a FIFO with no writer would block the run).
enum FolderEntryKind: Equatable {
    /// A regular file (or a link to one): its size and modification time in nanoseconds since 1970.
    case regular(byteCount: Int64, modifiedNanoseconds: Int64)
    /// Nothing is there any more (deleted since the folder was read): not worth a word.
    case gone
    /// Not a file to read, and why ("a FIFO (named pipe), not a regular file").
    case skipped(reason: String)

    /// Inspects the entry at `location`.
    static func inspect(_ location: FileSystemPath) -> FolderEntryKind {
        var info = stat()
        let followed = location.withCString { stat($0, &info) } == 0
        let code = errno
        var linkInfo = stat()
        let linkExamined = location.withCString { lstat($0, &linkInfo) } == 0
        let isLink = linkExamined && linkInfo.st_mode & S_IFMT == S_IFLNK
        if followed {
            let type = info.st_mode & S_IFMT
            if type == S_IFREG {
                let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                return .regular(byteCount: Int64(info.st_size), modifiedNanoseconds: nanoseconds)
            }
            if type == S_IFDIR {
                return isLink ? .skipped(reason: "a link to a folder (\(target(of: location))); links to folders are "
                                         + "not followed: make its target a source of its own to index it")
                              : .gone   // a folder where a file was listed: it was replaced meanwhile
            }
            let kind = describe(type)
            return .skipped(reason: isLink ? "a link to \(target(of: location)), \(kind), not a regular file"
                                           : "\(kind), not a regular file")
        }
        guard linkExamined else {
            guard code != ENOENT, code != ENOTDIR else { return .gone }
            return .skipped(reason: "cannot be examined: \(errorText(code))")
        }
        guard isLink else { return .skipped(reason: "cannot be examined: \(errorText(code))") }
        switch code {
        case ENOENT, ENOTDIR:
            return .skipped(reason: "a dangling link: its target \(target(of: location)) does not exist")
        case ELOOP:
            return .skipped(reason: "a link loop: \(target(of: location)) leads back to a link (\(errorText(code)))")
        default:
            return .skipped(reason: "a link whose target \(target(of: location)) cannot be reached: \(errorText(code))")
        }
    }

    /// The kind of a file that is neither regular nor a folder, in words.
    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Where the link at `location` points, escaped as paths are shown.
    static func target(of location: FileSystemPath) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = location.withCString { path in
            buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count) }
        }
        guard count >= 0 else { return "an unreadable target" }
        return FileSystemPath.escape(buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
