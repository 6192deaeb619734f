// OpenBLAS's CBLAS interface (Debian: libopenblas-dev), plus its thread and kernel queries, loaded at run time.
//
// OpenBLAS picks its kernels in its load-time constructor, from OPENBLAS_CORETYPE if set. Linked normally it loads
// before main, too early for the process to choose; so this target does not link it: the cblas_ and openblas_
// functions below are defined here and call OpenBLAS through pointers resolved by dlopen, which happens once, at
// the first call or at pool_blas_load(), after OPENBLAS_CORETYPE is set to the kernel chosen for this CPU (unless
// the user set it). blas_loader.c lists the functions it forwards; a function of cblas.h it does not forward
// fails at link time, and is added there.
#ifndef COPENBLAS_SHIM_H
#define COPENBLAS_SHIM_H
#include <cblas.h>

/// Loads OpenBLAS (libopenblas.so.0) once. 0 when it is loaded; -1 when it cannot be, with the reason in
/// pool_blas_error(). Every forwarded function calls it first, and aborts the process with that reason when
/// it fails.
int pool_blas_load(void);

/// Why OpenBLAS could not be loaded ("libopenblas.so.0: cannot open shared object file ..."), or NULL.
const char *pool_blas_error(void);

/// The OPENBLAS_CORETYPE in effect when OpenBLAS loaded (NULL: unset, OpenBLAS detected the CPU itself), and
/// whether the user set it (1) or the loader chose it for this CPU (0). Valid after pool_blas_load().
const char *pool_blas_coretype(void);
int pool_blas_coretype_from_user(void);

/// The kernel the loader chooses for this CPU: "SkylakeX" with AVX-512 F, BW, DQ and VL; "Haswell" with AVX2 and
/// FMA; else NULL (OpenBLAS's own detection). The same rule as OpenBLASKernel.recommended(cpuFlags:).
const char *pool_blas_recommended_coretype(void);

/// The file OpenBLAS was loaded from (the name given to dlopen), or NULL before it is loaded.
const char *pool_blas_library(void);

#endif
