import Captures
import Glibc
import Runner

/// Walks a folder tree one image file at a time, in path order (byte order of the path within the root), with
/// what changes when a file changes (size and modification time). Reads the file system only; knows nothing of
/// the ledger.
///
/// Names are bytes, as Linux holds them: a name that is not UTF-8 is walked, stat'ed and handed on by its real
/// bytes (`FileSystemPath`), never rebuilt from a `String`.
///
/// Only the folders on the way down to the current file are held, each as the sorted names of its entries (a
/// folder's entries must all be read to sort them), so memory follows the largest folder, not the library.
/// Each folder is read whole and closed before its first entry is visited; a file's size and time are read when
/// it is reached.
///
/// Hidden files and folders (names starting with ".") and entries without an image extension are passed over in
/// silence. An entry with an image extension that is not a regular file once links are followed (a FIFO, a
/// device, a socket, a dangling link, a link loop, a link to a device such as /dev/zero) is never opened: it is
/// reported through `onSkip` with why (see `FolderEntryKind`). Symbolic links to files are followed; links to
/// folders are not (a link loop could otherwise never end): when the walk is recursive, a link to a folder is
/// reported through `onSkip` whatever its name, since a real folder there would have been walked. A subfolder that
/// cannot be read is noted in `unreadable` and skipped; the root itself must be readable.
struct FolderWalk {
    /// One image file found.
    struct Entry: Equatable {
        /// The absolute path, as the file system holds it.
        var location: FileSystemPath
        /// The path within the root, as the file system holds it.
        var relativePath: [UInt8]
        var byteCount: Int64
        /// Modification time in nanoseconds since 1970.
        var modifiedNanoseconds: Int64

        /// The absolute path as it is shown (escaped where it is not UTF-8).
        var path: String { location.escaped }
    }

    /// A subfolder that could not be read, or an entry that is not a file to read, and why.
    struct Skipped: Equatable {
        /// The absolute path, escaped as paths are shown.
        var path: String
        var reason: String
    }

    /// Opens a folder for reading, or returns nil with `errno` set: `opendir`, or a stand-in in tests.
    typealias FolderOpener = (UnsafePointer<CChar>) -> OpaquePointer?

    /// Subfolders met so far that could not be read.
    private(set) var unreadable: [Skipped] = []
    private let recursive: Bool
    private let extensions: Set<String>
    private let openFolder: FolderOpener
    private let onSkip: (Skipped) -> Void
    private var stack: [Frame] = []

    /// A folder being walked: its entries sorted as their paths sort, and the next one to visit.
    private struct Frame {
        var location: FileSystemPath
        var relative: [UInt8]
        var children: [Child]
        var next = 0
    }

    private struct Child {
        var name: [UInt8]
        var isFolder: Bool

        /// Path order within a folder: a folder sorts as its name followed by "/", as its files' paths do.
        static func precedes(_ a: Child, _ b: Child) -> Bool {
            if a.isFolder == b.isFolder { return a.name.lexicographicallyPrecedes(b.name) }
            let slash = UInt8(ascii: "/")
            return (a.isFolder ? a.name + [slash] : a.name)
                .lexicographicallyPrecedes(b.isFolder ? b.name + [slash] : b.name)
        }
    }

    /// Starts a walk of `root`; throws `SourceError.permissionDenied` when the root is missing or cannot be read.
    /// `onSkip` hears of each entry passed over with a reason, as the walk reaches it.
    init(root: String, recursive: Bool, extensions: Set<String>,
         openFolder: @escaping FolderOpener = { opendir($0) },
         onSkip: @escaping (Skipped) -> Void = { _ in }) throws(SourceError) {
        self.recursive = recursive
        self.extensions = extensions
        self.openFolder = openFolder
        self.onSkip = onSkip
        let rootPath = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let location = FileSystemPath(rootPath)
        var info = stat()
        guard location.withCString({ stat($0, &info) }) == 0 else {
            throw .permissionDenied(path: rootPath, reason: Self.errorText(errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .listingFailed(path: rootPath, reason: "not a folder") }
        guard let handle = location.withCString(openFolder) else {
            throw .permissionDenied(path: rootPath, reason: Self.errorText(errno))
        }
        stack.append(Frame(location: location, relative: [], children: read(handle)))
    }

    /// The next image file in path order, or nil when the walk is over.
    mutating func next() -> Entry? {
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].children.count else {
                stack.removeLast()
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            let location = stack[top].location.appending(child.name)
            let parent = stack[top].relative
            let relative = parent.isEmpty ? child.name : parent + [UInt8(ascii: "/")] + child.name
            if child.isFolder {
                guard let handle = location.withCString(openFolder) else {
                    unreadable.append(Skipped(path: location.escaped, reason: Self.errorText(errno)))
                    continue
                }
                stack.append(Frame(location: location, relative: relative, children: read(handle)))
                continue
            }
            switch FolderEntryKind.inspect(location) {
            case .regular(let byteCount, let modified):
                return Entry(location: location, relativePath: relative, byteCount: byteCount,
                             modifiedNanoseconds: modified)
            case .gone:
                continue
            case .skipped(let reason):
                onSkip(Skipped(path: location.escaped, reason: reason))
            }
        }
        return nil
    }

    /// The entries of an open folder worth a look, sorted; closes it. Those are: subfolders when recursive;
    /// entries with an image extension of any type (whether each is a file to read is decided when it is
    /// reached); and, when recursive, links to folders, to be reported.
    private func read(_ handle: OpaquePointer) -> [Child] {
        defer { closedir(handle) }
        let folder = dirfd(handle)
        var children: [Child] = []
        while let item = readdir(handle) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name.first != UInt8(ascii: ".") else { continue }
            var type = Int32(item.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                let examined = FileSystemPath(bytes: name).withCString {
                    fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW)
                }
                guard examined == 0 else { continue }   // gone meanwhile
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFLNK: type = Int32(DT_LNK)
                default: type = Int32(DT_REG)   // any other type is looked at when it is reached
                }
            }
            if type == Int32(DT_DIR) {
                if recursive { children.append(Child(name: name, isFolder: true)) }
            } else if hasImageExtension(name) || (recursive && type == Int32(DT_LNK) && isFolder(name, in: folder)) {
                children.append(Child(name: name, isFolder: false))
            }
        }
        children.sort(by: Child.precedes)
        return children
    }

    /// Whether `name` ends in "." and one of `extensions` (any case).
    private func hasImageExtension(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = name[(dot + 1)...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let text = String(validating: suffix, as: UTF8.self) else { return false }
        return extensions.contains(text)
    }

    /// Whether the entry `name` of the open folder `folder` is (or leads to) a folder.
    private func isFolder(_ name: [UInt8], in folder: Int32) -> Bool {
        var info = stat()
        return FileSystemPath(bytes: name).withCString { fstatat(folder, $0, &info, 0) } == 0
            && info.st_mode & S_IFMT == S_IFDIR
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
