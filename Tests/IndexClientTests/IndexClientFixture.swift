import Captures
import Foundation
import Runner
import Store

/// A temporary folder with an index path in it, removed when released.
final class ClientFolder {
    let path: String
    var index: String { path + "/index/index.sqlite" }
    var settings: String { path + "/index/index.settings.json" }

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("index-client-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The package's samples folder.
    static var samples: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples").path
    }

    /// A pipeline decoding and storing `count` copies of one sample screenshot in a source named `library`.
    func pipeline(copies count: Int) throws -> String {
        let library = path + "/library"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for index in 0..<count {
            try FileManager.default.copyItem(atPath: Self.samples + "/Screenshots/Screenshot_20240211-183012.png",
                                             toPath: library + "/shot-\(index).png")
        }
        let file = path + "/pipeline.json"
        try Data("""
            {"sources": [{"id": "library", "kind": "folder", "options": {"path": "\(library)"}}],
             "stages": [{"id": "decode", "kind": "vips.decode"}, {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "library", "to": "decode"}, {"from": "decode", "to": "persist"}]}
            """.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// Capture records for the client tests.
enum ClientRecords {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func record(_ name: String, source: String = "photos", kind: CaptureMetadata.Kind = .photo,
                       daysAgo: Double = 1, text: String = "", labels: [String] = [],
                       location: GeoPoint? = nil) -> CaptureRecord {
        let box = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
        return CaptureRecord(
            file: CaptureFile(id: CaptureID("\(source):\(name)"), source: source, path: "/library/\(name)",
                              relativePath: name, byteCount: 100, modified: now, signature: "100-\(name)"),
            metadata: CaptureMetadata(date: now.addingTimeInterval(-daysAgo * 86_400), dateSource: .exif,
                                      location: location, pixelWidth: 10, pixelHeight: 10, kind: kind, format: "png"),
            text: text.isEmpty ? nil : CaptureText(lines: [TextLine(text: text, box: box, confidence: 0.9)]),
            codes: nil, fingerprint: nil, focus: nil, vector: nil,
            labels: CaptureLabels(labels: labels.map { CaptureLabel(name: $0, confidence: 0.9) }))
    }
}
