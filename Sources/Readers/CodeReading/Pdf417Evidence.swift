import CZXing
import LineRecognition

/// Whether an image shows a PDF417 start or stop pattern, for dark codes and for light ones (the shim's
/// `Pdf417Evidence.hpp`): the loose equivalent of what zxing-cpp's PDF417 detector needs before it can find a code.
/// `CodeReader` leaves PDF417 out of a pass whose polarity shows none, the costliest reader on photos.
struct Pdf417Evidence: Equatable {
    /// A pattern whose first bar is dark: a dark code on light ground, read by the plain pass.
    var dark: Bool
    /// A pattern whose first bar is light: a light code on dark ground, read by the inverted pass.
    var light: Bool

    init(dark: Bool, light: Bool) {
        self.dark = dark
        self.light = light
    }

    /// The evidence in `image`.
    init(in image: GrayImage) {
        var found = PoolZXPdf417Evidence()
        image.pixels.withUnsafeBufferPointer { pixels in
            pool_zx_pdf417_evidence(pixels.baseAddress, Int32(image.width), Int32(image.height), &found)
        }
        self.init(dark: found.dark != 0, light: found.light != 0)
    }
}
