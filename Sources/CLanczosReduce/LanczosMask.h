// What both reduces share (not part of the module's interface): libvips 8.14.1's point count and
// calculate_coefficients_lanczos, with the same operations in the same order, so that the weights are the same;
// and the CPU check for their AVX2 loops.
#ifndef POOL_LANCZOS_MASK_H
#define POOL_LANCZOS_MASK_H

#include <math.h>

enum {
    kTransformScale = 64,       // VIPS_TRANSFORM_SCALE: sub-pixel positions of the masks
    kMaxPoints = 2000,          // libvips' MAX_POINT
};

/// libvips' vips_reduce_get_points for lanczos3: 2 * rint(3 * shrink) + 1.
static inline int pool_lanczos3_points(double shrink) {
    return 2 * (int) rint(3 * shrink) + 1;
}

/// libvips' calculate_coefficients_lanczos(c, 3, shrink, x), with the same operations in the same order.
static inline void pool_lanczos3_mask(double *c, double shrink, double x) {
    const int a = 3;
    const int n = pool_lanczos3_points(shrink);
    const double half = x + n / 2.0 - 1;
    const double pi = 3.14159265358979323846; // VIPS_PI (M_PI)
    double sum = 0;
    for (int i = 0; i < n; i++) {
        const double xp = (i - half) / shrink;
        double l;
        if (xp == 0.0) l = 1.0;
        else if (xp < -a) l = 0.0;
        else if (xp > a) l = 0.0;
        else l = (double) a * sin(pi * xp) * sin(pi * xp / (double) a) / (pi * pi * xp * xp);
        c[i] = l;
        sum += l;
    }
    for (int i = 0; i < n; i++) c[i] /= sum;
}

#if defined(__x86_64__)
/// Whether this CPU has AVX2 (asked once per file that includes this header).
static inline int pool_lanczos_has_avx2(void) {
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2");
    }
    return known;
}
#endif

#endif
