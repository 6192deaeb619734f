import Benchmarking
import Captures
import FingerprintStages
import Imaging

/// The per-capture work of the fingerprint and focus stages on one working image.
struct PerCaptureBenchmark: Benchmark {
    enum Work { case lumaBaseline, readBaseline, fingerprint, focus, both }
    let name: String
    let work: Work
    let image: RGBImage
    let hasher = PerceptualHasher()
    let meter = FocusMeter()

    /// One capture's work; its checksum goes to `Checksum`.
    func run() -> Int {
        switch work {
        case .lumaBaseline:
            let luma = image.luma()
            Checksum.shared.add(Int(luma[luma.count / 2]))
        case .readBaseline:
            Checksum.shared.add(Self.byteSum(image.pixels))
        case .fingerprint:
            Checksum.shared.add(Int(truncatingIfNeeded: hasher.fingerprint(of: image).bits))
        case .focus:
            Checksum.shared.add(Int(meter.statistics(of: image).laplacianVariance))
        case .both:
            let fingerprint = hasher.fingerprint(of: image)
            let focus = meter.statistics(of: image)
            Checksum.shared.add(Int(truncatingIfNeeded: fingerprint.bits) &+ Int(focus.laplacianVariance))
        }
        return 1
    }

    /// The sum of every byte (a plain loop the compiler vectorises): what merely reading the image once costs,
    /// the floor for any pass that looks at every pixel.
    static func byteSum(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            var sum: UInt32 = 0
            for byte in bytes { sum &+= UInt32(byte) }
            return Int(sum)
        }
    }
}
