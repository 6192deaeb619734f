// A cache prefetch hint for Swift, which has no intrinsic for it: `prefetcht0` on x86-64 (SSE, part of the
// default target), a no-op where the compiler has nothing to emit.
static inline void fingerprint_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
