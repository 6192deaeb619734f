// Thin wrappers over libvips for Swift: libvips' operations are variadic (optional arguments end in NULL), which
// Swift cannot call, so each call the decode family needs is fixed here as a static inline function.
#ifndef POOL_CVIPS_SHIM_H
#define POOL_CVIPS_SHIM_H

#include <vips/vips.h>
#include <vips/vector.h>

/// Drops libvips' warnings (such as "error in tile 0 x 144" for a truncated file), which would otherwise be
/// printed on standard error over a progress display: decode reads failures from the error buffer instead.
static inline void pool_vips_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                        gpointer data) {
    (void) domain; (void) level; (void) message; (void) data;
}

/// Starts libvips once per process: operation cache off (every capture is read once, so caching only holds
/// memory and open files), `threads` workers per pipeline evaluation, and only the loaders of the formats the
/// folder source lists: every other loader (ImageMagick, PDF, SVG, OpenSlide, raw formats...) is blocked, so a file
/// that merely sniffs as one of those fails as "not a known file format" instead of reaching a library nobody
/// chose. Returns 0 on success.
static inline int pool_vips_start(int threads) {
    if (VIPS_INIT("pool-pipeline")) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, pool_vips_ignore_log, NULL);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_concurrency_set(threads);
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    static const char *const allowed[] = {
        "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadTiff",
        "VipsForeignLoadNsgif", "VipsForeignLoadHeif",
    };
    for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++) vips_operation_block_set(allowed[i], FALSE);
    return 0;
}

/// Opens a file's header only: pixels are not decoded until something reads them.
static inline VipsImage *pool_vips_open_header(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Shrink-on-load thumbnail of the first page or frame: long side at most `size`, never upscaled, EXIF orientation
/// applied; `fail_on` says which damage fails the decode instead of filling with grey (VIPS_FAIL_ON_ERROR: truncated
/// or corrupt data, not mere warnings).
static inline int pool_vips_thumbnail(const char *path, int size, VipsFailOn fail_on, VipsImage **out) {
    return vips_thumbnail(path, out, size, "height", size, "size", VIPS_SIZE_DOWN, "fail_on", fail_on, NULL);
}

/// Flattens alpha onto a uniform background of `level` in every band (255 for 8-bit white, 65535 for 16-bit).
static inline int pool_vips_flatten(VipsImage *in, VipsImage **out, double level) {
    VipsArrayDouble *background = vips_array_double_newv(1, level);
    int result = vips_flatten(in, out, "background", background, "max_alpha", level, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int pool_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

static inline int pool_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast_uchar(in, out, NULL);
}

/// Bands `first..<first+count`.
static inline int pool_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

/// Repeats a one-band image into three bands.
static inline int pool_vips_grey_to_rgb(VipsImage *in, VipsImage **out) {
    VipsImage *bands[3] = { in, in, in };
    return vips_bandjoin(bands, out, 3, NULL);
}

/// A copy whose header says `interpretation` (test and sample images).
static inline int pool_vips_copy_as(VipsImage *in, VipsImage **out, VipsInterpretation interpretation) {
    return vips_copy(in, out, "interpretation", interpretation, NULL);
}

static inline int pool_vips_black(VipsImage **out, int width, int height, int bands) {
    return vips_black(out, width, height, "bands", bands, NULL);
}

static inline int pool_vips_jpegsave(VipsImage *in, const char *path, int quality) {
    return vips_jpegsave(in, path, "Q", quality, NULL);
}

static inline int pool_vips_pngsave(VipsImage *in, const char *path) {
    return vips_pngsave(in, path, NULL);
}

static inline int pool_vips_tiffsave(VipsImage *in, const char *path) {
    return vips_tiffsave(in, path, NULL);
}

static inline int pool_vips_webpsave(VipsImage *in, const char *path) {
    return vips_webpsave(in, path, NULL);
}

static inline int pool_vips_gifsave(VipsImage *in, const char *path) {
    return vips_gifsave(in, path, NULL);
}

static inline int pool_vips_heifsave(VipsImage *in, const char *path) {
    return vips_heifsave(in, path, NULL);
}

// Imaging (Sources/Imaging): resizes of pixel buffers, for the imaging library and its benchmark.

/// Starts libvips if nothing has yet (libvips starts once; `pool_vips_start` also sets threads and loaders).
static inline int pool_vips_init(void) {
    return VIPS_INIT("pool-pipeline");
}

/// `vips_resize` by `hscale` x `vscale` with `kernel`, `gap` 0 (the kernel alone, no box shrink first).
static inline int pool_vips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel) {
    return vips_resize(in, out, hscale, "vscale", vscale, "kernel", kernel, "gap", 0.0, NULL);
}

/// BT.601 luma as one float band, then a box-average shrink by `hshrink` x `vshrink` (in float, no rounding).
static inline int pool_vips_shrink_luma(VipsImage *in, VipsImage **out, double hshrink, double vshrink) {
    VipsImage *matrix = vips_image_new_matrixv(3, 1, 0.299, 0.587, 0.114);
    VipsImage *luma = NULL;
    int result = vips_recomb(in, &luma, matrix, NULL);
    g_object_unref(matrix);
    if (result) return -1;
    result = vips_shrink(luma, out, hshrink, vshrink, NULL);
    g_object_unref(luma);
    return result;
}

/// The number of bytes `in`'s pixels take (width * height * bands * band size).
static inline size_t pool_vips_image_bytes(VipsImage *in) {
    return VIPS_IMAGE_SIZEOF_IMAGE(in);
}

/// Writes `in`'s pixels into `buffer` (`pool_vips_image_bytes(in)` bytes, owned by the caller), as
/// vips_image_write_to_memory does into the buffer it allocates: no copy of that buffer is needed afterwards.
static inline int pool_vips_write_to_buffer(VipsImage *in, void *buffer, size_t size) {
    VipsImage *target = vips_image_new_from_memory(buffer, size, in->Xsize, in->Ysize, in->Bands, in->BandFmt);
    if (!target) return -1;
    int result = vips_image_write(in, target);
    g_object_unref(target);
    return result;
}

// vips.decode's own thumbnail (Sources/Stages/Decode/LanczosThumbnail.swift): vips_thumbnail's steps for plain JPEG
// and PNG files, with the horizontal reduce done by CLanczosReduce (the same bytes, faster).

/// Opens a file for sequential reading as vips_thumbnail does (libvips 8.14 thumbnail.c, file open): a JPEG with
/// `shrink` (1, 2, 4 or 8: the decoder's own reduced-size decode), any other format with `shrink` 1.
static inline VipsImage *pool_vips_open_thumbnail_source(const char *path, int shrink, VipsFailOn fail_on) {
    if (shrink > 1)
        return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on, "shrink", shrink,
                                        NULL);
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", fail_on, NULL);
}

/// The vertical half of vips_resize's reduce (Lanczos 3, vips_resize's default gap of 2) by `shrink` (> 1).
static inline int pool_vips_reducev_lanczos3(VipsImage *in, VipsImage **out, double shrink) {
    return vips_reducev(in, out, shrink, "kernel", VIPS_KERNEL_LANCZOS3, "gap", 2.0, NULL);
}

/// The horizontal half, by libvips itself (where CLanczosReduce does not apply).
static inline int pool_vips_reduceh_lanczos3(VipsImage *in, VipsImage **out, double shrink) {
    return vips_reduceh(in, out, shrink, "kernel", VIPS_KERNEL_LANCZOS3, "gap", 2.0, NULL);
}

/// Whether `vips_reducev` of bytes runs the Orc program `CLanczosReduce`'s vertical reduce copies: libvips 8.14 with
/// its vector paths on (8.15 replaced Orc with Highway, whose sums are rounded differently).
static inline int pool_vips_reducev_runs_orc(void) {
    return vips_version(0) == 8 && vips_version(1) == 14 && vips_vector_isenabled();
}

/// A region of `image` for reading its rows in order (`pool_vips_region_rows`); unref it when done.
static inline VipsRegion *pool_vips_region_new(VipsImage *image) {
    return vips_region_new(image);
}

/// Computes rows `top..<top + rows` of the region's image (all columns) and returns the first one's bytes, with
/// the distance between rows in `*stride`; NULL when libvips fails (its reason is in the error buffer). The bytes
/// stay valid until the region is asked for other rows.
static inline const unsigned char *pool_vips_region_rows(VipsRegion *region, int top, int rows, size_t *stride) {
    VipsRect rect = {0, top, region->im->Xsize, rows};
    if (vips_region_prepare(region, &rect)) return NULL;
    *stride = VIPS_REGION_LSKIP(region);
    return (const unsigned char *) VIPS_REGION_ADDR(region, 0, top);
}

/// The image's EXIF orientation (1 when it has none).
static inline int pool_vips_orientation(VipsImage *in) {
    return vips_image_get_orientation(in);
}

/// The image's coding (VIPS_CODING_NONE for plain pixels).
static inline VipsCoding pool_vips_coding(VipsImage *in) {
    return in->Coding;
}

#endif
