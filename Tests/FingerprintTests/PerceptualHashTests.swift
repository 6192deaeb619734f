import Captures
import FingerprintStages
import Testing

@Suite("Perceptual hash")
struct PerceptualHashTests {
    let hasher = PerceptualHasher()
    static let seeds: [UInt64] = [1, 2, 3, 4]

    func distance(_ a: RGBImage, _ b: RGBImage) -> Int {
        hasher.fingerprint(of: a).distance(to: hasher.fingerprint(of: b))
    }

    @Test("given a photo, when it is resized, recompressed, cropped or brightened, then the variant matches",
          arguments: seeds)
    func variantsMatch(seed: UInt64) {
        let original = SyntheticPicture.photo(seed: seed, width: 320, height: 240)
        let variants: [(String, RGBImage)] = [
            ("resized to 50 %", ImageVariants.resized(original, width: 160, height: 120)),
            ("resized to 150 %", ImageVariants.resized(original, width: 480, height: 360)),
            ("recompressed at quality 30", ImageVariants.recompressed(original, quality: 30)),
            ("cropped 3 %", ImageVariants.cropped(original, fraction: 0.03)),
            ("cropped 5 %", ImageVariants.cropped(original, fraction: 0.05)),
            ("cropped 2 % off one corner", ImageVariants.cropped(original, fraction: 0.02, leftShare: 0)),
            ("brightened 20 %", ImageVariants.brightened(original, by: 1.2)),
            ("darkened 20 %", ImageVariants.brightened(original, by: 0.8)),
        ]
        for (name, variant) in variants {
            let d = distance(original, variant)
            #expect(d <= FingerprintMatch.threshold, "\(name): distance \(d)")
        }
    }

    @Test("given different photos and pages, then no two match")
    func differentPicturesDoNotMatch() {
        let pictures = (1...12).map { SyntheticPicture.photo(seed: UInt64($0), width: 320, height: 240) }
            + (1...4).map { SyntheticPicture.screenshot(seed: UInt64($0), lines: 12) }
        let fingerprints = pictures.map(hasher.fingerprint(of:))
        for i in fingerprints.indices {
            for j in fingerprints.indices where j > i {
                let d = fingerprints[i].distance(to: fingerprints[j])
                #expect(d > FingerprintMatch.threshold, "pictures \(i) and \(j): distance \(d)")
            }
        }
    }

    @Test("the hash keeps the DC bit clear and splits the 63 AC coefficients at their median")
    func bitLayout() {
        let fingerprint = hasher.fingerprint(of: SyntheticPicture.photo(seed: 9))
        #expect(fingerprint.bits & 1 == 0)
        #expect(fingerprint.bits.nonzeroBitCount == 31)
    }

    @Test("the same image always gives the same hash, whatever its size")
    func deterministic() {
        let image = SyntheticPicture.photo(seed: 11, width: 97, height: 31)
        #expect(hasher.fingerprint(of: image) == hasher.fingerprint(of: image))
        let tiny = SyntheticPicture.photo(seed: 11, width: 5, height: 3)
        #expect(hasher.fingerprint(of: tiny).bits & 1 == 0)
    }
}
