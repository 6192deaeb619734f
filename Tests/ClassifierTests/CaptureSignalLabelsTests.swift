import Captures
import Foundation
import LabelsStages
import Testing

@Suite("Labels from the other stages")
struct CaptureSignalLabelsTests {
    static func metadata(_ kind: CaptureMetadata.Kind) -> CaptureMetadata {
        CaptureMetadata(date: Date(timeIntervalSince1970: 0), dateSource: .file, location: nil, pixelWidth: 10,
                        pixelHeight: 10, kind: kind, format: "png")
    }

    static func text(_ lines: [String], confidence: Double = 0.9) -> CaptureText {
        CaptureText(lines: lines.map {
            TextLine(text: $0, box: NormalizedRect(x: 0, y: 0, width: 1, height: 0.1), confidence: confidence)
        })
    }

    static func code(_ format: String) -> ReadCode {
        ReadCode(format: format, payload: [1], text: nil, box: NormalizedRect(x: 0, y: 0, width: 1, height: 1))
    }

    let signals = CaptureSignalLabels(textLines: 3, documentLines: 6)

    @Test("a screenshot is labelled screenshot, a camera picture photo")
    func kind() {
        #expect(signals.labels(metadata: Self.metadata(.screenshot), text: nil, codes: nil).map(\.name) == ["screenshot"])
        #expect(signals.labels(metadata: Self.metadata(.photo), text: nil, codes: nil).map(\.name) == ["photo"])
    }

    @Test("enough readable lines make text; many make a document")
    func text() {
        let few = signals.labels(metadata: Self.metadata(.photo), text: Self.text(["Exit", "Open 9-5"]), codes: nil)
        #expect(!few.map(\.name).contains("text"))
        let some = signals.labels(metadata: Self.metadata(.photo), text: Self.text(["a1", "b2", "c3"]), codes: nil)
        #expect(some.map(\.name) == ["photo", "text"])
        #expect(some.last?.confidence == 0.9)
        let page = signals.labels(metadata: Self.metadata(.screenshot),
                                  text: Self.text((1...8).map { "Line \($0) of the page" }), codes: nil)
        #expect(page.map(\.name) == ["screenshot", "text", "document"])
    }

    @Test("lines read with low confidence or without letters do not count")
    func noise() {
        let shaky = signals.labels(metadata: Self.metadata(.photo), text: Self.text(["abc", "def", "ghi"], confidence: 0.3),
                                   codes: nil)
        #expect(shaky.map(\.name) == ["photo"])
        let marks = signals.labels(metadata: Self.metadata(.photo), text: Self.text(["--", "|", "·"]), codes: nil)
        #expect(marks.map(\.name) == ["photo"])
    }

    @Test("QR codes and barcodes are told apart, each named once")
    func codes() {
        let codes = CaptureCodes(codes: [Self.code("QRCode"), Self.code("EAN-13"), Self.code("Code128"), Self.code("MicroQRCode")])
        let labels = signals.labels(metadata: Self.metadata(.photo), text: nil, codes: codes)
        #expect(labels.map(\.name) == ["photo", "qr code", "barcode"])
    }
}
