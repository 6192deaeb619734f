import Glibc
import Runner

/// Walks a folder and lists the image files in it, sorted by relative path, with what changes when a file
/// changes (size and modification time). Reads the file system only; knows nothing of the ledger.
///
/// Hidden files and folders (names starting with ".") are skipped. Symbolic links to files are followed;
/// links to folders are not (a link loop could otherwise never end). A subfolder that cannot be read is listed
/// in `unreadable` and skipped; the root itself must be readable.
struct FolderListing {
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

    var entries: [Entry] = []
    var unreadable: [Skipped] = []
    private let openFolder: FolderOpener

    private init(openFolder: @escaping FolderOpener) {
        self.openFolder = openFolder
    }

    /// Opens a folder for reading, or returns nil with `errno` set: `opendir`, or a stand-in in tests.
    typealias FolderOpener = (String) -> OpaquePointer?

    /// Lists `root`; throws `SourceError.permissionDenied` when the root is missing or cannot be read.
    static func list(root: String, recursive: Bool, extensions: Set<String>,
                     openFolder: @escaping FolderOpener = { opendir($0) }) throws(SourceError) -> FolderListing {
        var listing = FolderListing(openFolder: openFolder)
        let rootPath = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        var info = stat()
        guard stat(rootPath, &info) == 0 else { throw .permissionDenied(path: rootPath, reason: errorText(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .listingFailed(path: rootPath, reason: "not a folder") }
        guard let handle = openFolder(rootPath) else { throw .permissionDenied(path: rootPath, reason: errorText(errno)) }
        listing.walk(handle: handle, folder: rootPath, relative: "", recursive: recursive, extensions: extensions)
        listing.entries.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        return listing
    }

    private mutating func walk(handle: OpaquePointer, folder: String, relative: String, recursive: Bool,
                               extensions: Set<String>) {
        var subfolders: [(path: String, relative: String)] = []
        defer { closedir(handle) }
        while let item = readdir(handle) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR where recursive:
                subfolders.append((path, relativePath))
            case S_IFREG:
                guard let dot = name.lastIndex(of: "."),
                      extensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
                let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                entries.append(Entry(path: path, relativePath: relativePath, byteCount: Int64(info.st_size),
                                     modifiedNanoseconds: nanoseconds))
            default:
                continue
            }
        }
        for subfolder in subfolders {
            guard let child = openFolder(subfolder.path) else {
                unreadable.append(Skipped(path: subfolder.path, reason: Self.errorText(errno)))
                continue
            }
            walk(handle: child, folder: subfolder.path, relative: subfolder.relative, recursive: recursive,
                 extensions: extensions)
        }
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
