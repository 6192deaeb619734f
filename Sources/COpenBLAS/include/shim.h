// OpenBLAS's CBLAS interface (Debian: libopenblas-dev), plus its thread and kernel queries.
#ifndef COPENBLAS_SHIM_H
#define COPENBLAS_SHIM_H
#include <cblas.h>
#endif
