import Captures
import FingerprintStages
import Foundation
import Runner
import Testing

/// Moments join only shots whose times are their own, from one source, at most 10 s apart, near-identical
/// (issue 11: 50 false pairs came from unrelated screenshots sharing a layout and a fallback file time).
@Suite("Moments that are moments")
struct MomentRulesTests {
    static let start = Date(timeIntervalSince1970: 1_767_777_208)
    static let layout: UInt64 = 0x6C6C_F0F0_3C3C_0FF0

    static func capture(_ id: String, at seconds: Double, _ bits: UInt64, source: CaptureMetadata.DateSource,
                        kind: CaptureMetadata.Kind, flip: Int = 0) -> MomentCapture {
        let flipped = (0..<flip).reduce(bits) { $0 ^ (1 << UInt64(2 * $1 + 1)) }
        return MomentCapture(id: CaptureID(id), source: "phone", date: start.addingTimeInterval(seconds),
                             dateSource: source, kind: kind, fingerprint: VisualFingerprint(bits: flipped),
                             sharpness: 100)
    }

    func groups(_ captures: [MomentCapture]) -> [[String]] {
        MomentGrouper(captures: captures).moments.filter(\.isGroup).map { $0.members.map(\.rawValue) }
    }

    @Test("screenshots of one app's layout taken minutes apart are not a moment")
    func templateMinutesApart() {
        let shots = (0..<5).map {
            Self.capture("Screenshot_\($0).png", at: Double($0) * 180, Self.layout, source: .fileName,
                         kind: .screenshot, flip: $0 % 2)
        }
        #expect(groups(shots).isEmpty)
    }

    @Test("screenshots of one layout with different content seconds apart are not a moment")
    func templateSecondsApart() {
        // Measured: different screens of one layout differ by 2-10 bits (docs/fingerprint.md).
        let shots = [2, 4, 6, 10].enumerated().map { index, flip in
            Self.capture("chat-\(index).png", at: Double(index) * 3, Self.layout, source: .fileName,
                         kind: .screenshot, flip: flip / 2)
        } + [Self.capture("chat-base.png", at: 1, Self.layout, source: .fileName, kind: .screenshot)]
        #expect(groups(shots).isEmpty)
    }

    @Test("the same screen captured twice in a second is one moment")
    func repeatedScreenshot() {
        let shots = [Self.capture("a.png", at: 0, Self.layout, source: .fileName, kind: .screenshot),
                     Self.capture("b.png", at: 1, Self.layout, source: .fileName, kind: .screenshot)]
        #expect(groups(shots) == [["a.png", "b.png"]])
    }

    @Test("screenshots of one layout with identical fingerprints but other text are not a moment; a screen read again is")
    func screenshotText() {
        func screen(_ id: String, at seconds: Double, flip: Int, _ text: String) -> MomentCapture {
            var capture = Self.capture(id, at: seconds, Self.layout, source: .fileName, kind: .screenshot, flip: flip)
            capture.text = text
            return capture
        }
        let dialog = "09:13 Delete this photo? It will be removed from all your devices. Cancel Delete"
        let other = "09:13 Turn on backup? Photos are saved to your account while on Wi-Fi. Not now Turn on"
        let sameLayout = [screen("a.png", at: 0, flip: 0, dialog), screen("b.png", at: 4, flip: 0, other)]
        #expect(groups(sameLayout).isEmpty)
        let again = [screen("a.png", at: 0, flip: 0, dialog),
                     screen("b.png", at: 50, flip: 1, dialog.replacingOccurrences(of: "09:13", with: "09:14"))]
        #expect(groups(again).isEmpty)                                      // 50 s apart: not a moment either
        let repeated = [screen("a.png", at: 0, flip: 0, dialog),
                        screen("b.png", at: 5, flip: 1, dialog.replacingOccurrences(of: "09:13", with: "09:14"))]
        #expect(groups(repeated) == [["a.png", "b.png"]])
        let far = [screen("a.png", at: 0, flip: 0, dialog), screen("b.png", at: 5, flip: 2, dialog)]
        #expect(groups(far) == [["a.png", "b.png"]])                        // 2 bits: still the screen
        let apart = [screen("a.png", at: 0, flip: 0, dialog), screen("b.png", at: 5, flip: 3, dialog)]
        #expect(groups(apart).isEmpty)                                      // 3 bits: another screen
    }

    @Test("text agreement counts shared words over the wordier text")
    func agreement() {
        let a = ScreenTextAgreement.words("Cancel, Delete! delete 09:13")
        #expect(a == ["cancel": 1, "delete": 2, "09": 1, "13": 1])
        #expect(ScreenTextAgreement.agreement(a, ScreenTextAgreement.words("cancel delete delete 09 14")) == 0.8)
        #expect(ScreenTextAgreement.agreement([:], [:]) == 1)
        #expect(ScreenTextAgreement.agreement(a, [:]) == 0)
    }

    @Test("copied files with identical file times are not a moment, even when they look alike")
    func copiedFileTimes() {
        let copies = (0..<6).map {
            Self.capture("copy-\($0).jpg", at: 0, Self.layout, source: .file, kind: .photo, flip: $0 % 3)
        }
        #expect(groups(copies).isEmpty)
        // One own time and one file time: still apart.
        let mixed = [Self.capture("a.jpg", at: 0, Self.layout, source: .exif, kind: .photo),
                     Self.capture("b.jpg", at: 0, Self.layout, source: .file, kind: .photo)]
        #expect(groups(mixed).isEmpty)
        // A day from a WhatsApp name is not a capture time either.
        let day = [Self.capture("IMG-1.jpg", at: 0, Self.layout, source: .fileNameDay, kind: .photo),
                   Self.capture("IMG-2.jpg", at: 0, Self.layout, source: .fileNameDay, kind: .photo)]
        #expect(groups(day).isEmpty)
    }

    @Test("a burst of photos with their own times is one moment, whatever record each time came from")
    func burst() {
        let burst = [Self.capture("IMG_1.jpg", at: 0, Self.layout, source: .exif, kind: .photo),
                     Self.capture("IMG_2.jpg", at: 0.4, Self.layout, source: .exif, kind: .photo, flip: 3),
                     Self.capture("IMG_3.jpg", at: 0.9, Self.layout, source: .exif, kind: .photo, flip: 5),
                     Self.capture("PXL_4.jpg", at: 1.5, Self.layout, source: .fileName, kind: .photo, flip: 2)]
        #expect(groups(burst) == [["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg", "PXL_4.jpg"]])
    }

    @Test("links are symmetric and need every condition", arguments: [
        (CaptureMetadata.DateSource.exif, CaptureMetadata.DateSource.exif, 10.0, true),
        (.exif, .exif, 10.5, false),
        (.xmp, .png, 2.0, true),
        (.fileName, .file, 0.0, false),
        (.file, .file, 0.0, false),
    ])
    func links(_ a: CaptureMetadata.DateSource, _ b: CaptureMetadata.DateSource, _ seconds: Double, _ linked: Bool) {
        let rules = MomentGrouper.Rules()
        let first = Self.capture("a", at: 0, Self.layout, source: a, kind: .photo)
        let second = Self.capture("b", at: seconds, Self.layout, source: b, kind: .photo, flip: 2)
        #expect(rules.links(first, second) == linked)
        #expect(rules.links(second, first) == linked)
    }
}
