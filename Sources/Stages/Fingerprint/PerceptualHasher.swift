import Captures
import Foundation

/// Computes the 64-bit DCT perceptual hash (pHash) of an image.
///
/// The image's luma is area-averaged to 32 x 32, transformed by a 2-D DCT-II (separable, cosine table computed
/// once), and the 8 x 8 lowest frequencies are kept. The 63 of them besides the DC term (the mean brightness,
/// which a brightness shift moves) are compared with their median: bit `8u + v` is set when coefficient (u, v)
/// is above it. Bit 0, the DC slot, is always clear, so 63 bits carry information, 31 of them set.
public struct PerceptualHasher: Sendable {
    /// The side of the square the image is shrunk to before the transform.
    public static let sampleSide = 32
    /// The side of the square of low frequencies that makes the hash.
    public static let keptSide = 8

    /// `cosines[u * 32 + x] = c(u) * cos((2x + 1) u pi / 64)`, the orthonormal DCT-II basis, for u < 8.
    private let cosines: [Float]

    public init() {
        let n = Self.sampleSide
        var table = [Float](repeating: 0, count: Self.keptSide * n)
        for u in 0..<Self.keptSide {
            let scale = u == 0 ? (1.0 / Double(n)).squareRoot() : (2.0 / Double(n)).squareRoot()
            for x in 0..<n {
                table[u * n + x] = Float(scale * cos(Double((2 * x + 1) * u) * Double.pi / Double(2 * n)))
            }
        }
        cosines = table
    }

    /// The hash of `image`'s whole picture.
    public func fingerprint(of image: RGBImage) -> VisualFingerprint {
        let side = Self.sampleSide
        let plane = LumaPlane(areaAveraging: image, width: side, height: side)
        return fingerprint(ofSample: plane.values)
    }

    /// The 8 x 8 low-frequency DCT-II coefficients of a 32 x 32 luma sample, row-major by (u, v), u vertical.
    func lowFrequencies(ofSample sample: [Float]) -> [Float] {
        let n = Self.sampleSide, k = Self.keptSide
        precondition(sample.count == n * n, "the sample must be \(n) x \(n)")
        // Rows first: partial[y * k + v] = sum_x sample[y, x] * cos_v(x).
        var partial = [Float](repeating: 0, count: n * k)
        for y in 0..<n {
            for v in 0..<k {
                var sum: Float = 0
                for x in 0..<n { sum += sample[y * n + x] * cosines[v * n + x] }
                partial[y * k + v] = sum
            }
        }
        // Then columns: coefficient[u * k + v] = sum_y cos_u(y) * partial[y, v].
        var coefficients = [Float](repeating: 0, count: k * k)
        for u in 0..<k {
            for y in 0..<n {
                let c = cosines[u * n + y]
                for v in 0..<k { coefficients[u * k + v] += c * partial[y * k + v] }
            }
        }
        return coefficients
    }

    func fingerprint(ofSample sample: [Float]) -> VisualFingerprint {
        let coefficients = lowFrequencies(ofSample: sample)
        let ac = coefficients.dropFirst()
        let median = ac.sorted()[ac.count / 2]
        var bits: UInt64 = 0
        for index in 1..<coefficients.count where coefficients[index] > median {
            bits |= 1 << UInt64(index)
        }
        return VisualFingerprint(bits: bits)
    }
}
