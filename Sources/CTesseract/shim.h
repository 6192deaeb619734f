// Tesseract's C API, as Swift sees it. Nothing to wrap: capi.h has no variadic functions.
#ifndef POOL_CTESSERACT_SHIM_H
#define POOL_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
