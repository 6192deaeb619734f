#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Small-row linear layers on pre-packed weights (the text tower of CLIP: a query is 3-77 rows).
///
/// A weight of `outputs` x `inputs` (PyTorch's out x in layout) is packed once into blocks of
/// CK_BLOCK output columns: block b holds, for every input k, the CK_BLOCK weights of outputs
/// b*CK_BLOCK ... as consecutive values (the last block zero-padded). The product then streams each
/// weight exactly once per call, for all rows together; nothing is repacked per call.
///
/// In ck_linear_f32 and ck_linear_f16 every output is the sum over k in increasing order of fused
/// multiply-adds starting from 0, then plus the bias; ck_linear_f16_arithmetic documents its own
/// roundings. In each, the vectorised path and the portable path compute exactly that, so they agree
/// bit for bit.

#define CK_BLOCK 32

/// Memory for packed weights: from 2 MB on, 2 MB-aligned with its whole 2 MB pages
/// asked for as transparent huge pages (Linux `madvise`), so streaming a layer's weights walks ~500x fewer
/// page-table entries (5-7% faster text queries here); smaller ones are plain `malloc`. NULL when out of
/// memory. Free with ck_weights_free.
void *ck_weights_alloc(size_t bytes);
void ck_weights_free(void *pointer);

/// Floats (or halves) a packed weight of this size occupies.
size_t ck_packed_count(size_t outputs, size_t inputs);

/// Packs `weight` (outputs x inputs, row-major) as Float.
void ck_pack_f32(const float *weight, size_t outputs, size_t inputs, float *packed);

/// Packs `weight` as IEEE half precision, rounded to nearest even (overflow to infinity).
void ck_pack_f16(const float *weight, size_t outputs, size_t inputs, uint16_t *packed);

/// Whether this CPU (and OS) runs the AVX-512 path.
int ck_has_avx512(void);

/// y (rows x outputs, rows `ldy` floats apart) = x (rows x inputs) * weightᵀ + bias (bias may be NULL).
/// `portable` nonzero forces the plain C path (tests compare the two). A range of whole blocks of a
/// packed weight is itself a packed weight (pointer + first block * inputs * CK_BLOCK), so callers can
/// split the outputs between threads.
void ck_linear_f32(const float *x, size_t rows, size_t inputs, const float *packed, size_t outputs,
                   const float *bias, float *y, size_t ldy, int portable);

/// The same with half-precision packed weights (converted to Float in registers).
void ck_linear_f16(const float *x, size_t rows, size_t inputs, const uint16_t *packed, size_t outputs,
                   const float *bias, float *y, size_t ldy, int portable);

/// Inputs summed in half precision before a Float addition, in `ck_linear_f16_arithmetic`.
#define CK_HALF_CHUNK 32

/// Whether this CPU runs half-precision arithmetic (AVX512-FP16).
int ck_has_avx512_fp16(void);

/// The power of two e for which the largest magnitude of `weight` times 2^e lies in [0.5, 1) (0 if all zero).
int ck_weight_exponent(const float *weight, size_t count);

/// Packs `weight` · 2^`exponent` (exact) as ck_pack_f16 does.
void ck_pack_f16_scaled(const float *weight, size_t outputs, size_t inputs, int exponent, uint16_t *packed);

/// y = x * weightᵀ + bias with half-precision products, for weights packed by ck_pack_f16_scaled with
/// `weight_exponent`: each row of x is scaled by a power of two into [64, 128) and rounded to half precision;
/// every output sums runs of CK_HALF_CHUNK inputs with half-precision fused multiply-adds (one rounding each),
/// adds each run's sum to a Float, and scales back exactly. With |x| < 128 and |w| < 1 no run can overflow.
/// Twice the multiply-adds per instruction of the Float kernels (AVX512-FP16); the portable path (`portable`
/// nonzero, or a CPU without AVX512-FP16) emulates the same roundings in Double and gives the same bits, slowly.
void ck_linear_f16_arithmetic(const float *x, size_t rows, size_t inputs, const uint16_t *packed,
                              int weight_exponent, size_t outputs, const float *bias, float *y, size_t ldy,
                              int portable);

/// A half-precision value as Float (exact).
float ck_half_to_float(uint16_t half);

/// A Float as half precision, rounded to nearest even.
uint16_t ck_float_to_half(float value);

/// CLIP's quick GELU, x·σ(1.702x) = x / (1 + exp(-1.702x)), in place, with its own exp (Taylor polynomial,
/// error < 1e-8 relative before rounding): vectorised with AVX-512 when present, the same bits otherwise.
void ck_quick_gelu(float *values, size_t count, int portable);

#endif
