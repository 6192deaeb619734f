import CVips
import Captures

/// Resizing and luma through libvips, from and to plain pixel buffers: the imaging path the project uses wherever
/// libvips does the job (`docs/imaging.md` says which of our own kernels are kept, and the benchmark that says why).
public enum VipsResampler {
    /// libvips' reduction kernels (not `nearest`: libvips 8.14 sizes its output differently, one row short).
    public enum Kernel: Sendable, CaseIterable {
        case linear, cubic, lanczos3

        var vips: VipsKernel {
            switch self {
            case .linear: VIPS_KERNEL_LINEAR
            case .cubic: VIPS_KERNEL_CUBIC
            case .lanczos3: VIPS_KERNEL_LANCZOS3
            }
        }
    }

    private static let started: Bool = pool_vips_init() == 0

    /// `image` resized to exactly `width`×`height` with `kernel` (libvips `vips_resize`, antialiased when
    /// shrinking; `gap` 0: the kernel alone, no box shrink first).
    public static func resize(_ image: RGBImage, width: Int, height: Int,
                              kernel: Kernel = .linear) throws(ImagingError) -> RGBImage {
        let pixels = try resize(image.pixels, bands: 3, width: image.width, height: image.height,
                                to: width, height, kernel: kernel)
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// One-band 8-bit pixels (`width`×`height`, row by row) resized to exactly `outWidth`×`outHeight`.
    public static func resizeGray(_ pixels: [UInt8], width: Int, height: Int, to outWidth: Int, _ outHeight: Int,
                                  kernel: Kernel = .linear) throws(ImagingError) -> [UInt8] {
        try resize(pixels, bands: 1, width: width, height: height, to: outWidth, outHeight, kernel: kernel)
    }

    /// The BT.601 luma (0.299 R + 0.587 G + 0.114 B, 0...255 as `Float`) of `image` shrunk to `width`×`height` by
    /// averaging boxes (libvips `vips_shrink`, then `vips_recomb`).
    public static func areaLuma(_ image: RGBImage, width: Int, height: Int) throws(ImagingError) -> [Float] {
        try run(image.pixels, bands: 3, width: image.width, height: image.height) { input, output in
            pool_vips_shrink_luma(input, output, Double(image.width) / Double(width),
                                  Double(image.height) / Double(height))
        }.withUnsafeBytes { raw in Array(raw.bindMemory(to: Float.self)) }
    }

    private static func resize(_ pixels: [UInt8], bands: Int, width: Int, height: Int, to outWidth: Int,
                               _ outHeight: Int, kernel: Kernel) throws(ImagingError) -> [UInt8] {
        guard width > 0, height > 0, outWidth > 0, outHeight > 0 else {
            throw .emptyImage("resize \(width)x\(height) to \(outWidth)x\(outHeight)")
        }
        // libvips truncates the scaled size (17 x 5/17 gives 4.9999 rows, so 4): aim a millionth of a pixel past
        // the size asked, which keeps the kernel's scale exact to that millionth.
        let hscale = (Double(outWidth) + 1e-6) / Double(width), vscale = (Double(outHeight) + 1e-6) / Double(height)
        let bytes = try run(pixels, bands: bands, width: width, height: height) { input, output in
            pool_vips_resize(input, output, hscale, vscale, kernel.vips)
        }
        guard bytes.count == outWidth * outHeight * bands else {
            throw .libvips("vips_resize gave \(bytes.count) bytes for \(outWidth)x\(outHeight)x\(bands)")
        }
        return bytes
    }

    /// Wraps `pixels` as a libvips image, runs `operation` and returns the output's bytes.
    private static func run(
        _ pixels: [UInt8], bands: Int, width: Int, height: Int,
        _ operation: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> [UInt8] {
        guard started else { throw .libvips("libvips did not start: \(takeError())") }
        guard pixels.count == width * height * bands else {
            throw .libvips("\(pixels.count) bytes is not \(width)x\(height)x\(bands)")
        }
        let input = pixels.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands),
                                            VIPS_FORMAT_UCHAR)
        }
        guard let input else { throw .libvips(takeError()) }
        defer { g_object_unref(UnsafeMutableRawPointer(input)) }
        var output: UnsafeMutablePointer<VipsImage>?
        guard operation(input, &output) == 0, let output else { throw .libvips(takeError()) }
        defer { g_object_unref(UnsafeMutableRawPointer(output)) }
        var size = 0
        guard let memory = vips_image_write_to_memory(output, &size) else { throw .libvips(takeError()) }
        defer { g_free(memory) }
        return [UInt8](UnsafeRawBufferPointer(start: memory, count: size))
    }

    private static func takeError() -> String {
        let message = String(cString: vips_error_buffer()).trimmingCharacters(in: "\n ")
        vips_error_clear()
        return message.isEmpty ? "libvips failed without a message" : message
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
