import Foundation
import TestSupport

/// A library of the files that have taken indexers down, made at test time: screenshots of large 1-D barcodes
/// (which aborted zxing-cpp), PNG files whose header claims huge sizes, empty and cut files of every format, text
/// named like an image, a 20000x20000 JPEG, a name that is not UTF-8, a FIFO, links to a device, to nothing and
/// in a loop; plus a few ordinary screenshots.
struct HostileLibrary {
    let folder: URL
    /// Entries named like images, each of which must come out indexed, failed or skipped.
    private(set) var entries = 0

    /// The barcodes drawn, by file name: the payload each must give.
    static let barcodes: [(file: String, symbology: String, data: String, payload: String)] = [
        ("ean13.png", "EANX", "871234567890", "8712345678906"),
        ("upca.png", "UPCA", "01234567890", "012345678905"),
        ("code128.png", "CODE128", "PARCEL-7731-XK", "PARCEL-7731-XK"),
        ("code39.png", "CODE39", "BIN-2291-C", "BIN-2291-C"),
    ]

    init(at folder: URL, samples: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scratch = folder.deletingLastPathComponent().appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        for code in Self.barcodes {
            let bars = scratch.appendingPathComponent(code.file).path
            try Self.tool("zint", ["-b", code.symbology, "-d", code.data, "--scale=2", "--quietzones", "-o", bars])
            try Self.tool("vips", ["embed", bars, path(code.file), "60", "700", "1080", "1920", "--extend", "white"])
            entries += 1
        }
        for (width, height) in [(1_000_000, 1_000_000), (4_000_000, 4_000_000), (1_000_000, 1), (1, 1_000_000),
                                (300_000, 300_000)] {
            try write(PNGBomb.bytes(width: width, height: height), as: "claims-\(width)x\(height).png")
        }
        for ext in ["jpg", "jpeg", "png", "heic", "heif", "webp", "tiff", "tif", "gif"] {
            try write([], as: "empty.\(ext)")
        }
        let screenshot = samples.appendingPathComponent("Screenshots/harbour-gazette-article.png").path
        try Self.tool("vips", ["copy", screenshot, scratch.appendingPathComponent("page.tif").path])
        try Self.tool("vips", ["copy", screenshot, scratch.appendingPathComponent("page.gif").path])
        for (original, name) in [(samples.appendingPathComponent("Photos/IMG_2031.jpg").path, "cut.jpg"),
                                 (screenshot, "cut.png"), (samples.appendingPathComponent("Photos/river.webp").path, "cut.webp"),
                                 (samples.appendingPathComponent("Photos/IMG_5120.HEIC").path, "cut.heic"),
                                 (scratch.appendingPathComponent("page.tif").path, "cut.tif"),
                                 (scratch.appendingPathComponent("page.gif").path, "cut.gif")] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
            try write(Array(bytes.prefix(bytes.count / 2)), as: name)
        }
        try write(Array(String(repeating: "not an image at all\n", count: 20).utf8), as: "notes.png")
        try Self.tool("vips", ["black", path("huge-20000x20000.jpg"), "20000", "20000"])
        entries += 1

        let photo = [UInt8](try Data(contentsOf: samples.appendingPathComponent("Photos/IMG_2087.jpg")))
        try write(photo, bytes: Array((folder.path + "/bad").utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8))
        for name in ["Screenshot 2024-04-18 ticket.png", "Screenshot_20240211-183012.png"] {
            try FileManager.default.copyItem(atPath: samples.appendingPathComponent("Screenshots/\(name)").path,
                                             toPath: path(name))
            entries += 1
        }

        guard mkfifo(path("pipe.jpg"), 0o644) == 0 else { throw Failure("mkfifo: \(String(cString: strerror(errno)))") }
        try FileManager.default.createSymbolicLink(atPath: path("zero.jpg"), withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: path("dangling.png"), withDestinationPath: path("gone.png"))
        try FileManager.default.createSymbolicLink(atPath: path("loop-a.jpg"), withDestinationPath: path("loop-b.jpg"))
        try FileManager.default.createSymbolicLink(atPath: path("loop-b.jpg"), withDestinationPath: path("loop-a.jpg"))
        entries += 5
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private mutating func write(_ bytes: [UInt8], as name: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        entries += 1
    }

    /// Writes a file whose path is the raw bytes `path` (which need not be UTF-8).
    private mutating func write(_ bytes: [UInt8], bytes path: [UInt8]) throws {
        let descriptor = (path + [0]).withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard descriptor >= 0 else { throw Failure("open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure("write: \(String(cString: strerror(errno)))")
        }
        entries += 1
    }

    private static func tool(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("\(name) \(arguments.joined(separator: " ")) failed") }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
