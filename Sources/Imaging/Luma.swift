import CGrayResample
import Captures

/// BT.601 luma of 8-bit RGB: the project's one colour-to-gray conversion. Two arithmetics, kept apart because
/// their callers' outputs must not change: `value` (0.299 R + 0.587 G + 0.114 B in `Float`, no rounding) for the
/// fingerprint, focus and area resampling, and `byte` (integer weights 77, 150, 29 over 256, rounded half up) for
/// the line recogniser and code reader. They differ by up to about a level, so neither may
/// stand in for the other.
public enum Luma {
    /// The BT.601 weights of R, G and B, in that order, as `Float`.
    public static var weights: [Float] { [red, green, blue] }
    @inlinable public static var red: Float { 0.299 }
    @inlinable public static var green: Float { 0.587 }
    @inlinable public static var blue: Float { 0.114 }

    /// The luma of one pixel in `Float`, 0...255, summed red, then green, then blue.
    @inlinable @inline(__always)
    public static func value(_ red: Float, _ green: Float, _ blue: Float) -> Float {
        Luma.red * red + Luma.green * green + Luma.blue * blue
    }

    /// The luma of one pixel as a byte: `(77 R + 150 G + 29 B + 128) >> 8` (the weights sum to 256, so 255 stays 255).
    @inlinable @inline(__always)
    public static func byte(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let r = UInt32(red), g = UInt32(green), b = UInt32(blue)
        return UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
    }

    /// The luma of every pixel of `image` in `Float`, row by row.
    public static func values(of image: RGBImage) -> [Float] {
        let count = image.width * image.height
        var result = [Float](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { rgb in
            result.withUnsafeMutableBufferPointer { luma in
                for index in 0..<count {
                    luma[index] = value(Float(rgb[3 * index]), Float(rgb[3 * index + 1]), Float(rgb[3 * index + 2]))
                }
            }
        }
        return result
    }

    /// The luma of every pixel of `image` as bytes (`byte`), row by row: the C `luma_bytes` (CGrayResample), the
    /// same integer formula in a loop built for AVX2 too (about 2.5x the baseline build on a 1600 px image).
    public static func bytes(of image: RGBImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count) { gray, initialized in
            image.pixels.withUnsafeBufferPointer { rgb in luma_bytes(rgb.baseAddress, gray.baseAddress, count) }
            initialized = count
        }
    }
}

extension RGBImage {
    /// Luma (BT.601) of every pixel, row by row, as 0...255: `Luma.values(of:)`.
    public func luma() -> [Float] { Luma.values(of: self) }
}
