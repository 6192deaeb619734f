import Captures
import FingerprintStages
import Foundation

/// `FingerprintBenchmarks measure MANIFEST`: prints, for each fixture listed in the manifest written by
/// `scripts/fingerprint-make-fixtures.py`, its fingerprint and focus statistics as CSV, which
/// `scripts/fingerprint-analyze.py` turns into the distributions and precision/recall in docs/fingerprint.md.
enum MeasureCommand {
    static func run(manifest: String) throws {
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw PPMImage.FormatError(path: manifest, reason: "cannot read the manifest")
        }
        let hasher = PerceptualHasher()
        let meter = FocusMeter()
        print("path,picture,kind,variant,blur_sigma,hash,laplacian_variance,gradient_energy,edge_density")
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            let image = try PPMImage.read(path: fields[0])
            let hash = hasher.fingerprint(of: image)
            let focus = meter.statistics(of: image)
            print(fields.joined(separator: ",") + ",\(hash.hex),\(focus.laplacianVariance),"
                  + "\(focus.gradientEnergy),\(focus.edgeDensity)")
        }
    }
}
