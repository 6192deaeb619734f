import Captures
import FingerprintStages
import Foundation

/// `FingerprintBenchmarks focus MANIFEST`: measures each image of the labelled set `scripts/focus-make-labelled.py`
/// writes (path, picture, kind, variant, blur_sigma, label) with `FocusMeter` and flags it with `FocusRule`,
/// printing CSV for `scripts/focus-analyze.py` (precision and recall in docs/fingerprint.md).
enum FocusLabelledCommand {
    static func run(manifest: String) throws {
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw PPMImage.FormatError(path: manifest, reason: "cannot read the manifest")
        }
        let meter = FocusMeter()
        let rule = FocusRule()
        print("path,picture,kind,variant,strength,label,laplacian_variance,edge_sharpness,detail_ratio,coarse_step,"
              + "flagged")
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else { continue }
            let statistics = meter.statistics(of: try PPMImage.read(path: fields[0]))
            print(fields.joined(separator: ",") + ",\(statistics.laplacianVariance),\(statistics.edgeSharpness),"
                  + "\(statistics.detailRatio),\(statistics.coarseStep),\(rule.isOutOfFocus(statistics) ? 1 : 0)")
        }
    }
}
