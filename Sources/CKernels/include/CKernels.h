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
/// Every output is the sum over k in increasing order of fused multiply-adds starting from 0, then
/// plus the bias; the AVX-512 path and the portable path compute exactly that, so they agree bit
/// for bit.

#define CK_BLOCK 32

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

/// A half-precision value as Float (exact).
float ck_half_to_float(uint16_t half);

/// A Float as half precision, rounded to nearest even.
uint16_t ck_float_to_half(float value);

/// CLIP's quick GELU, x·σ(1.702x) = x / (1 + exp(-1.702x)), in place, with its own exp (Taylor polynomial,
/// error < 1e-8 relative before rounding): vectorised with AVX-512 when present, the same bits otherwise.
void ck_quick_gelu(float *values, size_t count, int portable);

#endif
