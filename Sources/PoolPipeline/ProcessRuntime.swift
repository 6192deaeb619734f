import Foundation
import ModelEngine
import Runner

/// What the libraries read once per process, settled in this process (no re-run with another environment):
/// - OpenBLAS's kernel: OpenBLAS reads `OPENBLAS_CORETYPE` in its load-time constructor, so it is loaded with
///   `dlopen` once the variable is set to the kernel chosen for this CPU (`OpenBLASKernel.load`; Debian's OpenBLAS
///   otherwise misdetects some CPUs and falls back to generic kernels, about 5x slower). A value the user set is kept.
/// - glibc's mmap threshold, 1 MiB, fixed (`mallopt(M_MMAP_THRESHOLD)`, as `MALLOC_MMAP_THRESHOLD_=1048576` does): every
///   block of 1 MiB or more (decoded images, tensors) gets its own mapping, returned when freed. By default glibc
///   raises that threshold each time such a block is freed, after which images come from the heap and fragment it,
///   and peak memory grows with the number of captures indexed (206 -> 243 MiB from 1,000 to 5,000 captures; 126 ->
///   139 MiB with the fixed threshold). Left alone when the user set `MALLOC_MMAP_THRESHOLD_`.
/// - OpenMP: Debian's Tesseract runs parts of its LSTM in `#pragma omp parallel num_threads(4)` regions, which
///   spin threads against the runner's own workers (2-4x the CPU). libgomp reads `OMP_THREAD_LIMIT` when it loads,
///   but `omp_set_max_active_levels(0)` on the calling thread keeps every region on that thread; the text family
///   calls it before each read (`OpenMPThreads`). Measured: with the environment variable unset, a read on a thread
///   with it peaks at the threads it started with, as with `OMP_THREAD_LIMIT=1`; `omp_set_num_threads(1)` does not
///   help (the regions name their thread count).
public enum ProcessRuntime {
    /// Settles the process's library settings; call first thing in `main`, before other threads start.
    /// Never fails: OpenBLAS that cannot be loaded is said in `blasDescription` and by the first BLAS call.
    public static func settle() {
        if ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] == nil { fixMmapThreshold(1 << 20) }
        _ = try? OpenBLASKernel.load()
    }

    /// OpenBLAS as loaded ("OpenBLAS core Haswell (chosen for this CPU; libopenblas.so.0, loaded in-process)"), or
    /// why it cannot be.
    public static var blasDescription: String {
        do { return try OpenBLASKernel.load().description } catch { return "\(error)" }
    }

    /// How Tesseract's OpenMP regions are limited.
    public static var openMPDescription: String {
        let limit = ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"].map { "OMP_THREAD_LIMIT=\($0) set by the user" }
            ?? "OMP_THREAD_LIMIT unset"
        return "OpenMP regions kept on each reading thread (omp_set_max_active_levels(0) before each read; \(limit))"
    }

    /// glibc's `mallopt(M_MMAP_THRESHOLD, bytes)`, which Swift's Glibc module does not export (`M_MMAP_THRESHOLD` is
    /// -3 in glibc's `malloc.h`). False when it is not there or refused.
    @discardableResult
    static func fixMmapThreshold(_ bytes: Int32) -> Bool {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        return unsafeBitCast(symbol, to: MallOpt.self)(-3, bytes) == 1
    }
}

extension StageRegistry {
    /// Says, beside each process-wide setting in a run's notes and in `bench`, what it amounts to in this process:
    /// the OpenBLAS kernel loaded, how OpenMP is limited.
    mutating func describeProcessRuntime() {
        describeRuntime(.blasThreads) { ProcessRuntime.blasDescription }
        describeRuntime(.openMPThreadLimit) { ProcessRuntime.openMPDescription }
    }
}
