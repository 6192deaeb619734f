import Captures
import Foundation
import LineFinding
import LineRecognition
import ReadingFixtures

/// `ReadingBenchmarks photo-rows FOLDER`: every candidate row `SceneText` looks at in the photos of
/// `scripts/photo-text-corpus.py`'s FOLDER, one tab-separated line each: file, truth (`text` when the row's centre
/// lies in a text item's box, else `none`), the row's `RowEvidence` and `TextLikeness`'s verdict. For tuning the
/// test on one seed (docs/reading.md, "Photos").
enum PhotoRowsDump {
    static func run(folder: String, only: [String]) throws {
        let truth = try JSONDecoder().decode(PhotoTextBenchmark.Truth.self,
                                             from: Data(contentsOf: URL(fileURLWithPath: folder + "/truth.json")))
        let scene = SceneText()
        print(["file", "truth", "kept", "letters", "height", "heightSpread", "aligned", "stroke", "strokeSpread", "fill",
               "gap", "widestGap", "specks", "contrast", "inkSpread", "groundSpread", "light", "box"]
            .joined(separator: "\t"))
        for image in truth.images where only.isEmpty || only.contains(where: { image.file.contains($0) }) {
            let picture = try RGBImage.photo(path: folder + "/" + image.file, 
                                             longSide: image.width > 0 ? min(1600, max(image.width, image.height)) : 1600)
            let scale = Double(picture.width) / Double(max(1, image.width))
            for candidate in scene.candidates(in: GrayImage(picture)) {
                let line = candidate.line, e = candidate.evidence
                let cx = Double(line.left + line.right) / 2 / scale, cy = Double(line.top + line.bottom) / 2 / scale
                let isText = image.items.contains { cx >= $0.box[0] && cx <= $0.box[2] && cy >= $0.box[1] && cy <= $0.box[3] }
                let values: [Double] = [Double(e.letters), e.height, e.heightSpread, e.aligned, e.stroke, e.strokeSpread,
                                        e.fill, e.gap, e.widestGap, e.specks, e.contrast, e.inkSpread, e.groundSpread]
                print(([image.file, isText ? "text" : "none", candidate.isText ? "1" : "0"]
                    + values.map { String(format: "%.3f", $0) }
                    + [e.lightOnDark ? "1" : "0", "\(line.left),\(line.top),\(line.right),\(line.bottom)"])
                    .joined(separator: "\t"))
            }
        }
    }
}
