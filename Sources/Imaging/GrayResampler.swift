import CGrayResample

/// The 8-bit gray resize the line recogniser reads text lines through (C `gray_resample` in CGrayResample): a
/// rectangle of a gray image box-averaged when neither side grows, bilinear (pixel centres aligned) when one does.
/// Kept over libvips by the text-line benchmark in docs/imaging.md.
public enum GrayResampler {
    /// Resamples the `width` x `height` rectangle at (`left`, `top`) of `source` (rows `stride` bytes apart) into
    /// `target`, `targetWidth` x `targetHeight` bytes with no padding.
    public static func resample(_ source: UnsafeBufferPointer<UInt8>, stride: Int, left: Int, top: Int, width: Int,
                                height: Int, into target: UnsafeMutableBufferPointer<UInt8>, targetWidth: Int,
                                targetHeight: Int) {
        precondition(left >= 0 && top >= 0 && left + width <= stride && (top + height) * stride <= source.count,
                     "GrayResampler: rectangle outside the source image")
        precondition(targetWidth * targetHeight <= target.count, "GrayResampler: target buffer too small")
        gray_resample(source.baseAddress, Int32(stride), Int32(left), Int32(top), Int32(width), Int32(height),
                      target.baseAddress, Int32(targetWidth), Int32(targetHeight))
    }
}
