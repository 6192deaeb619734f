#include "CKernels.h"

#include <math.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define CK_X86 1
#endif

// exp(t) for the quick GELU, the same arithmetic in both paths so they agree bit for bit:
// t clamped to [-104, 100] (beyond, exp is 0 or infinity in Float anyway: 2^n gives exactly that); n = nearest integer to t·log2(e); r = t - n·ln2 (two-part ln2, fused);
// exp(r) by its Taylor polynomial of degree 7 (|r| ≤ 0.35: error < 1e-8 relative), Horner with fused
// multiply-adds; then scaled by 2^n exactly.
#define EXP_LOW -104.0f
#define EXP_HIGH 100.0f
#define LOG2E 1.44269504088896341f
#define LN2_HIGH 0.693145751953125f
#define LN2_LOW 1.42860682030941723e-6f
static const float taylor[8] = {1.0f, 1.0f, 0.5f, 1.0f / 6, 1.0f / 24, 1.0f / 120, 1.0f / 720, 1.0f / 5040};

static float exp_portable(float t) {
    t = fminf(fmaxf(t, EXP_LOW), EXP_HIGH);
    float n = nearbyintf(t * LOG2E);
    float r = fmaf(-n, LN2_HIGH, t);
    r = fmaf(-n, LN2_LOW, r);
    float p = taylor[7];
    for (int i = 6; i >= 0; i--) p = fmaf(p, r, taylor[i]);
    return ldexpf(p, (int)n);
}

static void quick_gelu_portable(float *values, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float x = values[i];
        values[i] = x / (1.0f + exp_portable(-1.702f * x));
    }
}

#ifdef CK_X86
__attribute__((target("avx512f")))
static void quick_gelu_avx512(float *values, size_t count) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512 x = _mm512_loadu_ps(values + i);
        __m512 t = _mm512_mul_ps(_mm512_set1_ps(-1.702f), x);
        t = _mm512_min_ps(_mm512_max_ps(t, _mm512_set1_ps(EXP_LOW)), _mm512_set1_ps(EXP_HIGH));
        __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(t, _mm512_set1_ps(LOG2E)),
                                        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(LN2_HIGH), t);
        r = _mm512_fnmadd_ps(n, _mm512_set1_ps(LN2_LOW), r);
        __m512 p = _mm512_set1_ps(taylor[7]);
        for (int k = 6; k >= 0; k--) p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(taylor[k]));
        __m512 e = _mm512_scalef_ps(p, n);
        _mm512_storeu_ps(values + i, _mm512_div_ps(x, _mm512_add_ps(_mm512_set1_ps(1.0f), e)));
    }
    quick_gelu_portable(values + i, count - i);
}
#endif

void ck_quick_gelu(float *values, size_t count, int portable) {
#ifdef CK_X86
    if (!portable && ck_has_avx512()) { quick_gelu_avx512(values, count); return; }
#endif
    quick_gelu_portable(values, count);
}
