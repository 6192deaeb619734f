import Glibc
import Runner

/// Walks a folder tree one image file at a time, in path order (byte order of the path within the root), with
/// what changes when a file changes (size and modification time). Reads the file system only; knows nothing of
/// the ledger.
///
/// Only the folders on the way down to the current file are held, each as the sorted names of its entries (a
/// folder's entries must all be read to sort them), so memory follows the largest folder, not the library.
/// Each folder is read whole and closed before its first entry is visited; a file's size and time are read when
/// it is reached.
///
/// Hidden files and folders (names starting with ".") are skipped. Symbolic links to files are followed; links to
/// folders are not (a link loop could otherwise never end). A subfolder that cannot be read is noted in
/// `unreadable` and skipped; the root itself must be readable.
struct FolderWalk {
    /// One image file found.
    struct Entry: Equatable {
        var path: String
        var relativePath: String
        var byteCount: Int64
        /// Modification time in nanoseconds since 1970.
        var modifiedNanoseconds: Int64
    }

    /// A subfolder that could not be read, and why.
    struct Skipped: Equatable {
        var path: String
        var reason: String
    }

    /// Opens a folder for reading, or returns nil with `errno` set: `opendir`, or a stand-in in tests.
    typealias FolderOpener = (String) -> OpaquePointer?

    /// Subfolders met so far that could not be read.
    private(set) var unreadable: [Skipped] = []
    private let recursive: Bool
    private let extensions: Set<String>
    private let openFolder: FolderOpener
    private var stack: [Frame] = []

    /// A folder being walked: its entries sorted as their paths sort, and the next one to visit.
    private struct Frame {
        var path: String
        var relative: String
        var children: [Child]
        var next = 0
    }

    private struct Child {
        var name: String
        var isFolder: Bool

        /// Path order within a folder: a folder sorts as its name followed by "/", as its files' paths do.
        static func precedes(_ a: Child, _ b: Child) -> Bool {
            if a.isFolder == b.isFolder { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            return (a.isFolder ? a.name + "/" : a.name).utf8.lexicographicallyPrecedes(
                (b.isFolder ? b.name + "/" : b.name).utf8)
        }
    }

    /// Starts a walk of `root`; throws `SourceError.permissionDenied` when the root is missing or cannot be read.
    init(root: String, recursive: Bool, extensions: Set<String>,
         openFolder: @escaping FolderOpener = { opendir($0) }) throws(SourceError) {
        self.recursive = recursive
        self.extensions = extensions
        self.openFolder = openFolder
        let rootPath = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        var info = stat()
        guard stat(rootPath, &info) == 0 else { throw .permissionDenied(path: rootPath, reason: Self.errorText(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .listingFailed(path: rootPath, reason: "not a folder") }
        guard let handle = openFolder(rootPath) else {
            throw .permissionDenied(path: rootPath, reason: Self.errorText(errno))
        }
        stack.append(Frame(path: rootPath, relative: "", children: read(handle, folder: rootPath)))
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
            let folder = stack[top].path
            let path = folder == "/" ? "/" + child.name : folder + "/" + child.name
            let relativePath = stack[top].relative.isEmpty ? child.name : stack[top].relative + "/" + child.name
            if child.isFolder {
                guard let handle = openFolder(path) else {
                    unreadable.append(Skipped(path: path, reason: Self.errorText(errno)))
                    continue
                }
                stack.append(Frame(path: path, relative: relativePath, children: read(handle, folder: path)))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }  // gone meanwhile
            let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            return Entry(path: path, relativePath: relativePath, byteCount: Int64(info.st_size),
                         modifiedNanoseconds: nanoseconds)
        }
        return nil
    }

    /// The image files and (when recursive) subfolders in an open folder, sorted; closes it.
    private func read(_ handle: OpaquePointer, folder: String) -> [Child] {
        defer { closedir(handle) }
        var children: [Child] = []
        while let item = readdir(handle) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard !name.hasPrefix(".") else { continue }
            var type = Int32(item.pointee.d_type)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                let path = folder == "/" ? "/" + name : folder + "/" + name
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = Int32(DT_DIR)
                case S_IFREG: type = Int32(DT_REG)
                default: continue
                }
            }
            if type == Int32(DT_DIR) {
                if recursive { children.append(Child(name: name, isFolder: true)) }
            } else if type == Int32(DT_REG), let dot = name.lastIndex(of: "."),
                      extensions.contains(name[name.index(after: dot)...].lowercased()) {
                children.append(Child(name: name, isFolder: false))
            }
        }
        children.sort(by: Child.precedes)
        return children
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
