import Captures
import Foundation
import Runner
import Store

/// Where a test's index lives: the same test runs against both.
enum IndexLocation: String, CaseIterable, Sendable {
    case memory
    case file
}

/// A temporary folder, removed when released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An open index and the folder that holds it (nil for memory), kept alive together.
struct TestIndex {
    let store: IndexStore
    let folder: TemporaryFolder?

    init(_ location: IndexLocation) throws {
        switch location {
        case .memory:
            folder = nil
            store = try IndexStore.inMemory()
        case .file:
            let folder = try TemporaryFolder()
            self.folder = folder
            store = try IndexStore(path: folder.file("nested/folder/index.sqlite"))
        }
    }
}

/// Builds capture records for tests.
enum Records {
    static let baseDate = Date(timeIntervalSince1970: 1_717_236_000) // 2024-06-01T10:00:00Z

    static func file(_ name: String, source: String = "photos", signature: String? = nil) -> CaptureFile {
        CaptureFile(id: CaptureID("\(source):\(name)"), source: source, path: "/library/\(name)", relativePath: name,
                    byteCount: 1000, modified: baseDate, signature: signature ?? "1000-\(name.count)")
    }

    static func record(_ name: String, source: String = "photos", signature: String? = nil,
                       text: [String]? = nil, codes: [ReadCode]? = nil, labels: [CaptureLabel]? = nil,
                       fingerprint: UInt64? = nil, focus: FocusMeasure? = nil, vector: ImageVector? = nil,
                       location: GeoPoint? = nil, date: Date = baseDate) -> CaptureRecord {
        let box = NormalizedRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        return CaptureRecord(
            file: file(name, source: source, signature: signature),
            metadata: CaptureMetadata(date: date, dateSource: .exif, location: location, pixelWidth: 4032,
                                      pixelHeight: 3024, kind: .photo, format: "jpeg"),
            text: text.map { CaptureText(lines: $0.map { TextLine(text: $0, box: box, confidence: 0.9) }) },
            codes: codes.map(CaptureCodes.init), fingerprint: fingerprint.map(VisualFingerprint.init),
            focus: focus, vector: vector, labels: labels.map(CaptureLabels.init))
    }

    static func code(_ format: String, _ payload: [UInt8], text: String?) -> ReadCode {
        ReadCode(format: format, payload: payload, text: text, box: NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.5))
    }

    static func many(_ count: Int, prefix: String = "img", source: String = "photos") -> [CaptureRecord] {
        (0..<count).map { index in
            record("\(prefix)-\(String(format: "%05d", index)).jpg", source: source,
                   text: ["line \(index) of \(prefix)"], labels: [CaptureLabel(name: "dog", confidence: 0.8)])
        }
    }
}

extension IndexStore {
    /// Counts rows of a table (tests only).
    func count(_ table: String) throws -> Int {
        try read { db in Int(try db.integer("SELECT count(*) FROM \(table)") ?? -1) }
    }
}
