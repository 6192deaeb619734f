import Captures
import FingerprintStages

/// The per-capture work of the fingerprint and focus stages on one working image.
struct PerCaptureBenchmark: Benchmark {
    enum Work { case lumaBaseline, fingerprint, focus, both }
    let name: String
    let work: Work
    let image: RGBImage
    let hasher = PerceptualHasher()
    let meter = FocusMeter()

    mutating func setUp() throws {}

    func run() -> Int {
        switch work {
        case .lumaBaseline:
            let luma = image.luma()
            return Int(luma[luma.count / 2])
        case .fingerprint:
            return Int(truncatingIfNeeded: hasher.fingerprint(of: image).bits)
        case .focus:
            return Int(meter.statistics(of: image).laplacianVariance)
        case .both:
            let fingerprint = hasher.fingerprint(of: image)
            let focus = meter.statistics(of: image)
            return Int(truncatingIfNeeded: fingerprint.bits) &+ Int(focus.laplacianVariance)
        }
    }
}
