import CLanczosReduce
import Captures
import CVips

/// `LanczosThumbnail`'s resize of a loaded image in one pass down its rows, the same bytes as libvips'
/// `vips_reducev` followed by `CLanczosReduce`'s horizontal reduce: the file's rows are read as libvips decodes them
/// (a region moving down the image), each band of 16 output rows is reduced vertically by `CLanczosReduce`'s copy
/// of libvips' Orc program and then across, straight into the working image. libvips' own vertical reduce, its
/// line cache and the whole-height intermediate image it wrote are gone (benchmarks/README.md, helper "speed",
/// fourth session).
///
/// Only where libvips itself would run that Orc program (libvips 8.14, vector paths on) and a vertical shrink that
/// `vips_reducev` (with `vips_resize`'s gap of 2) does not start with a box shrink. Otherwise nil, and the caller
/// resizes as before.
enum LanczosResize {
    /// Output rows reduced together (the input rows they read stay in the cache).
    static let band = 16
    /// The height of the regions libvips asks `vips_reducev` for in `vips_thumbnail`'s pipeline (its sequential
    /// line cache's tiles); each region's row positions are stepped from its top, so the plan steps them alike.
    static let regionRows: Int32 = 10

    /// `image` (plain 8-bit, 1 or 3 bands) reduced by `down` (> 1) vertically, then by `across` (>= 1) horizontally
    /// when given; nil when this is not a case it does.
    static func image(_ image: VipsImageHandle, down: Double, across: Double?) throws(VipsFailure) -> RGBImage? {
        let sourceWidth = image.width, sourceHeight = image.height, bands = image.bands
        let height = Int(pool_reducev_height(Int32(sourceHeight), down))
        guard pool_vips_reducev_runs_orc() != 0, height > 0,
              max(1, Int((Double(sourceHeight) / Double(height) / 2).rounded(.down))) == 1,
              let vertical = pool_reducev_plan_new(Int32(sourceHeight), down, regionRows) else { return nil }
        defer { pool_reducev_plan_free(vertical) }
        var horizontal: OpaquePointer?
        if let across {
            guard let plan = pool_reduceh_plan_new(Int32(sourceWidth), across) else { return nil }
            horizontal = plan
        }
        defer { if let horizontal { pool_reduceh_plan_free(horizontal) } }
        let width = horizontal.map { Int(pool_reduceh_plan_width($0)) } ?? sourceWidth
        guard let region = pool_vips_region_new(image.pointer) else { throw VipsFailure(message: "region failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(region)) }

        let rowBytes = sourceWidth * bands
        var reducedDown = [UInt8](repeating: 0, count: horizontal == nil ? 0 : band * rowBytes)
        var failure: VipsFailure?
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * bands) { output, count in
            count = 0
            for top in stride(from: 0, to: height, by: band) {
                let bottom = min(top + band, height)
                var first: Int32 = 0, rows: Int32 = 0, rowStride = 0
                pool_reducev_input_rows(vertical, Int32(top), Int32(bottom), &first, &rows)
                guard let source = pool_vips_region_rows(region, first, rows, &rowStride) else {
                    failure = VipsFailure(message: VipsRuntime.takeError(about: image.file))
                    return
                }
                let target = output.baseAddress! + top * width * bands
                let status: Int32
                if let horizontal {
                    status = reducedDown.withUnsafeMutableBufferPointer { reduced in
                        guard pool_reducev_rows_using(vertical, Int32(top), Int32(bottom), source, first, rows, rowStride,
                                                      Int32(rowBytes), reduced.baseAddress, rowBytes,
                                                      POOL_REDUCE_FASTEST) == 0 else { return -1 }
                        return pool_reduceh_rows_using(horizontal, reduced.baseAddress, Int32(bottom - top),
                                                       Int32(bands), target, POOL_REDUCE_FASTEST)
                    }
                } else {
                    status = pool_reducev_rows_using(vertical, Int32(top), Int32(bottom), source, first, rows, rowStride,
                                                     Int32(rowBytes), target, rowBytes, POOL_REDUCE_FASTEST)
                }
                guard status == 0 else {
                    failure = VipsFailure(message: "reduce failed")
                    return
                }
            }
            count = width * height * bands
        }
        if let failure { throw failure }
        return LanczosThumbnail.rgb(width: width, height: height, bands: bands, pixels)
    }
}
