import CVips

/// Owns one reference to a libvips image and drops it when released, so no path leaks an image.
/// Not Sendable: a handle lives inside one decode call.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>
    /// The file the image comes from, to pick this file's lines out of libvips' shared error buffer.
    let file: String?

    init(owning pointer: UnsafeMutablePointer<VipsImage>, file: String? = nil) {
        self.pointer = pointer
        self.file = file
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Runs a libvips operation on this image and owns its output.
    func apply(
        _ operation: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(VipsFailure) -> VipsImageHandle {
        var output: UnsafeMutablePointer<VipsImage>?
        let status = operation(pointer, &output)
        guard status == 0, let output else {
            if let output { g_object_unref(UnsafeMutableRawPointer(output)) }
            throw VipsFailure(message: VipsRuntime.takeError(about: file))
        }
        return VipsImageHandle(owning: output, file: file)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var format: VipsBandFormat { vips_image_get_format(pointer) }
    var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    /// Whether EXIF orientation 5...8 turns the image a quarter, swapping width and height.
    var orientationSwapsSides: Bool { vips_image_get_orientation_swap(pointer) != 0 }

    /// A string metadata field, or nil when the image has none (checked first, so libvips logs no error).
    func string(_ field: String) -> String? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else { return nil }
        return String(cString: value)
    }

    /// A binary metadata field ("xmp-data") as bytes, or nil when the image has none.
    func blob(_ field: String) -> [UInt8]? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, field, &data, &length) == 0, let data else { return nil }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The names of every metadata field the loader set ("exif-ifd2-DateTimeOriginal", "png-comment-0-Title"...).
    func fieldNames() -> [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let name = fields[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// Every pixel, row by row, bands interleaved, in the image's band format. libvips writes them straight into
    /// the array's storage (one pass, no second copy of the image).
    func bytes() throws(VipsFailure) -> [UInt8] {
        let size = pool_vips_image_bytes(pointer)
        var written = true
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            written = size == 0 || pool_vips_write_to_buffer(pointer, buffer.baseAddress, size) == 0
            count = written ? size : 0
        }
        guard written else { throw VipsFailure(message: VipsRuntime.takeError(about: file)) }
        return pixels
    }
}
