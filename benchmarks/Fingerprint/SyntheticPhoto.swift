import Captures
import FingerprintStages

/// A deterministic 1600 x 1067 photo-like image (smooth gradients, shapes and noise) for when no real photo is
/// given.
enum SyntheticPhoto {
    static func make(width: Int = 1600, height: Int = 1067) -> RGBImage {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let base = (y * width + x) * 3
                let ring = ((x - width / 3) * (x - width / 3) + (y - height / 2) * (y - height / 2)) < 90_000
                let noise = Int(next() % 24)
                pixels[base] = UInt8(clamping: (ring ? 200 : x * 255 / width) + noise)
                pixels[base + 1] = UInt8(clamping: y * 255 / height + noise)
                pixels[base + 2] = UInt8(clamping: ((x / 40 + y / 40) % 2 == 0 ? 60 : 160) + noise)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
