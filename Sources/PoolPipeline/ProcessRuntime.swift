import Foundation
import ModelEngine
import Runner

/// What the libraries read once per process, settled in this process (no re-run with another environment):
/// - OpenBLAS's kernel: OpenBLAS reads `OPENBLAS_CORETYPE` in its load-time constructor, so it is loaded with
///   `dlopen` once the variable is set to the kernel chosen for this CPU (`OpenBLASKernel.load`; Debian's OpenBLAS
///   otherwise misdetects some CPUs and falls back to generic kernels, about 5x slower). A value the user set is kept.
/// - glibc's malloc, as `MALLOC_MMAP_THRESHOLD_=67108864 MALLOC_TRIM_THRESHOLD_=134217728 MALLOC_ARENA_MAX=2` would
///   set it (`mallopt`; each left alone when the user set its variable): a fixed mmap threshold (glibc's own rises
///   each time a large block is freed, and peak memory then grew with the number of captures indexed: 206 -> 243 MiB
///   from 1,000 to 5,000 captures), high enough that the per-capture buffers (decoded images, gray copies, tensors,
///   recogniser scratch) are reused from the heap instead of being mapped, faulted in page by page and unmapped for
///   every capture (a 1 MiB threshold cost 2.37 M page faults and 10% of the CPU on 96 captures; 0.16 M now), kept
///   rather than trimmed, in at most two heaps, which bounds what is kept (peak resident set 502 -> 528 MiB on that
///   run; benchmarks/README.md, "Speed: the rest of the pipeline").
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
        let environment = ProcessInfo.processInfo.environment
        for setting in mallocSettings where environment[setting.variable] == nil {
            setMallocOption(setting.option, to: setting.value)
        }
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

    /// glibc's malloc settings (see above): the `mallopt` parameter (`M_MMAP_THRESHOLD` -3, `M_TRIM_THRESHOLD` -1,
    /// `M_ARENA_MAX` -8 in glibc's `malloc.h`), its value, and the environment variable that overrides it.
    static let mallocSettings: [(option: Int32, value: Int32, variable: String)] = [
        (-3, 64 << 20, "MALLOC_MMAP_THRESHOLD_"), (-1, 128 << 20, "MALLOC_TRIM_THRESHOLD_"), (-8, 2, "MALLOC_ARENA_MAX"),
    ]

    /// glibc's `mallopt(option, value)`, which Swift's Glibc module does not export. False when it is not there or
    /// refused.
    @discardableResult
    static func setMallocOption(_ option: Int32, to value: Int32) -> Bool {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        return unsafeBitCast(symbol, to: MallOpt.self)(option, value) == 1
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
