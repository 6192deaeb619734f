#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Loads OpenBLAS with dlopen after choosing OPENBLAS_CORETYPE (see shim.h), and forwards the CBLAS and OpenBLAS
// functions the package calls to it.

static const char *const library_names[] = {"libopenblas.so.0", "libopenblas.so"};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
static const char *library;
static char error[512];
static const char *coretype;
static int coretype_from_user;

const char *pool_blas_recommended_coretype(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")) return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return "Haswell";
#endif
    return NULL;
}

static void load(void) {
    const char *set = getenv("OPENBLAS_CORETYPE");
    if (set && *set) {
        coretype = strdup(set);
        coretype_from_user = 1;
    } else if ((coretype = pool_blas_recommended_coretype())) {
        setenv("OPENBLAS_CORETYPE", coretype, 1);
    }
    size_t used = 0;
    for (size_t i = 0; i < sizeof library_names / sizeof *library_names && !handle; ++i) {
        handle = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            library = library_names[i];
        } else if (used < sizeof error) {
            const char *reason = dlerror();
            used += (size_t)snprintf(error + used, sizeof error - used, "%s%s", used ? "; " : "",
                                     reason ? reason : library_names[i]);
        }
    }
    if (!handle) return;
    error[0] = 0;
}

int pool_blas_load(void) {
    pthread_once(&once, load);
    return handle ? 0 : -1;
}

const char *pool_blas_error(void) { return handle || !error[0] ? NULL : error; }
const char *pool_blas_coretype(void) { return coretype; }
int pool_blas_coretype_from_user(void) { return coretype_from_user; }
const char *pool_blas_library(void) { return library; }

// The address of `name` in OpenBLAS; aborts, naming the library and the reason, when it cannot be had (a BLAS call
// has no way to report an error, and running on without it would compute nothing).
static void *resolve(const char *name) {
    if (pool_blas_load() != 0) {
        fprintf(stderr, "pool-pipeline: cannot load OpenBLAS (%s), needed for %s; install libopenblas0 "
                        "(scripts/setup)\n", pool_blas_error(), name);
        abort();
    }
    void *symbol = dlsym(handle, name);
    if (!symbol) {
        fprintf(stderr, "pool-pipeline: OpenBLAS (%s) has no %s\n", library, name);
        abort();
    }
    return symbol;
}

// One forwarder: the function looked up once (a race only looks it up twice, to the same address).
#define FORWARD(ret, name, params, args)                                                                    \
    ret name params {                                                                                    \
        typedef ret (*function_t) params;                                                                \
        static function_t function;                                                                      \
        function_t f = __atomic_load_n(&function, __ATOMIC_ACQUIRE);                                     \
        if (!f) {                                                                                        \
            f = (function_t)resolve(#name);                                                              \
            __atomic_store_n(&function, f, __ATOMIC_RELEASE);                                            \
        }                                                                                                \
        return f args;                                                                                   \
    }

#define C OPENBLAS_CONST

FORWARD(void, cblas_sgemm,
        (C enum CBLAS_ORDER Order, C enum CBLAS_TRANSPOSE TransA, C enum CBLAS_TRANSPOSE TransB, C blasint M,
         C blasint N, C blasint K, C float alpha, C float *A, C blasint lda, C float *B, C blasint ldb, C float beta,
         float *Cm, C blasint ldc),
        (Order, TransA, TransB, M, N, K, alpha, A, lda, B, ldb, beta, Cm, ldc))
FORWARD(void, cblas_sgemv,
        (C enum CBLAS_ORDER order, C enum CBLAS_TRANSPOSE trans, C blasint m, C blasint n, C float alpha,
         C float *a, C blasint lda, C float *x, C blasint incx, C float beta, float *y, C blasint incy),
        (order, trans, m, n, alpha, a, lda, x, incx, beta, y, incy))
FORWARD(void, cblas_saxpy, (C blasint n, C float alpha, C float *x, C blasint incx, float *y, C blasint incy),
        (n, alpha, x, incx, y, incy))
FORWARD(float, cblas_sdot, (C blasint n, C float *x, C blasint incx, C float *y, C blasint incy),
        (n, x, incx, y, incy))
FORWARD(void, cblas_sscal, (C blasint N, C float alpha, float *X, C blasint incX), (N, alpha, X, incX))
FORWARD(void, cblas_scopy, (C blasint n, C float *x, C blasint incx, float *y, C blasint incy),
        (n, x, incx, y, incy))
FORWARD(void, openblas_set_num_threads, (int num_threads), (num_threads))
FORWARD(int, openblas_get_num_threads, (void), ())
FORWARD(char *, openblas_get_corename, (void), ())
FORWARD(char *, openblas_get_config, (void), ())
