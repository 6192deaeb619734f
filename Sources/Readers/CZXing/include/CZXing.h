// A plain C interface to the few parts of zxing-cpp (1.4) that the codes stage uses: read every code in an
// 8-bit grayscale or RGB buffer. Results are C structs that the caller frees with pool_zx_free.
#ifndef POOL_CZXING_H
#define POOL_CZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How to search. Flags are 0 or 1.
typedef struct PoolZXOptions {
    /// zxing-cpp BarcodeFormat bits to look for; 0 means every format.
    uint32_t formats;
    int try_harder;
    int try_rotate;
    int try_downscale;
    /// Stop after this many symbols; 0 means no limit.
    int max_symbols;
    /// Read every linear format in one read per layer, keeping codes whose bars are tall enough (see
    /// LinearCodes.hpp); 0 reads DataBar apart and needs two decoded rows, as zxing-cpp does.
    int linear_one_read;
    /// Read linear codes at full size only, even with try_downscale (which then applies to matrix codes).
    int linear_skip_downscale;
    /// Read the image with every level turned over (255 - v: light codes on dark ground), without the caller making
    /// that image. Gray images only (`channels` 1).
    int inverted;
    /// Let zxing-cpp make the matrix pass's pyramid and binarise it (the path before HybridBits.hpp), not the shim:
    /// the same codes, for tests and comparisons.
    int zxing_layers;
} PoolZXOptions;

/// One code found.
typedef struct PoolZXCode {
    /// zxing-cpp's name of the symbology ("QRCode", "EAN-13", ...), NUL-terminated.
    char format[32];
    /// The payload's bytes as encoded (zxing-cpp Result::bytes()).
    uint8_t *bytes;
    size_t byte_count;
    /// The payload as UTF-8 when the content is text (or GS1 / ISO 15434 data); NULL for binary content.
    char *text;
    /// The four corners, clockwise from top left, in pixels.
    int corner_x[4];
    int corner_y[4];
} PoolZXCode;

/// What pool_zx_read returns; free with pool_zx_free.
typedef struct PoolZXResults {
    PoolZXCode *codes;
    size_t count;
    /// A message when reading failed (an exception inside zxing-cpp), else NULL.
    char *error;
} PoolZXResults;

/// Reads every code in `pixels` (`channels` 1 = gray, 3 = RGB; rows of `width * channels` bytes, no padding).
/// Returns 0 on success, -1 with `out->error` set otherwise. Always free `out` with pool_zx_free.
int pool_zx_read(const uint8_t *pixels, int width, int height, int channels, const PoolZXOptions *options,
                 PoolZXResults *out);

/// Frees what pool_zx_read allocated in `results` and zeroes it.
void pool_zx_free(PoolZXResults *results);

/// Whether a PDF417 start or stop pattern shows in an image (see Pdf417Evidence.hpp): 1 or 0 for dark codes on light
/// ground (what the plain pass reads) and for light codes on dark ground (what the inverted pass reads).
typedef struct PoolZXPdf417Evidence {
    int dark;
    int light;
} PoolZXPdf417Evidence;

/// Looks for PDF417 start and stop patterns in an 8-bit gray image (rows of `width` bytes, no padding).
void pool_zx_pdf417_evidence(const uint8_t *gray, int width, int height, PoolZXPdf417Evidence *out);

/// zxing-cpp 1.4's hybrid binarisation of an 8-bit gray image (rows of `width` bytes), into `out` (the same size):
/// 0 where a pixel is dark, 255 where it is light; with `inverted`, of the image with every level turned over. With
/// `reference`, by the plain per-pixel path the fast one is held to (HybridBits.hpp). Returns -1 (and writes
/// nothing) for images under 40 px a side, which zxing-cpp binarises otherwise.
int pool_zx_binarize(const uint8_t *gray, int width, int height, int inverted, int reference, uint8_t *out);

/// One layer of zxing-cpp 1.4's pyramid: `gray` shrunk to (`width` / `factor`) x (`height` / `factor`) into `out`,
/// each pixel the rounded mean of its block.
void pool_zx_shrink(const uint8_t *gray, int width, int height, int factor, uint8_t *out);

/// The zxing-cpp version this shim was built against ("1.4.0").
const char *pool_zx_version(void);

#ifdef __cplusplus
}
#endif

#endif
