import Foundation
import ModelEngine

/// Sets the environment that libraries read when they load, before `main` runs, by running the program again
/// once with it set. A value the user set is kept.
/// - `OMP_THREAD_LIMIT=1`: Debian's Tesseract is built with OpenMP and otherwise spins threads against the
///   runner's own workers (2-4x slower).
/// - `OPENBLAS_CORETYPE`: Debian's OpenBLAS misdetects this CPU and falls back to generic kernels (about 6x slower).
/// - `MALLOC_MMAP_THRESHOLD_=67108864`, `MALLOC_TRIM_THRESHOLD_=134217728`, `MALLOC_ARENA_MAX=2`: a fixed
///   threshold (glibc's own raises it each time a large block is freed, and peak memory then grew with the
///   number of captures indexed: 206 -> 243 MiB from 1,000 to 5,000 captures), high enough that the per-capture
///   buffers (decoded images, gray copies, tensors, recogniser scratch) are reused from the heap instead of being
///   mapped, faulted in page by page and unmapped for every capture (1 MiB before: 2.37 M page faults and 10% of
///   the CPU on 96 captures; 0.16 M now), kept rather than trimmed, in at most two heaps, which bounds what is
///   kept (peak resident set 502 -> 528 MiB on that run; benchmarks/README.md, "Speed: the rest of the pipeline").
enum ProcessBootstrap {
    private static let marker = "POOL_PIPELINE_BOOTSTRAPPED"
    /// glibc's malloc settings (see above), each kept when the user set it.
    static let mallocSettings = [("MALLOC_MMAP_THRESHOLD_", "67108864"), ("MALLOC_TRIM_THRESHOLD_", "134217728"),
                                 ("MALLOC_ARENA_MAX", "2")]

    static func reexecIfNeeded() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[marker] == nil else { return }
        var wanted: [String: String] = [:]
        if environment["OMP_THREAD_LIMIT"] == nil { wanted["OMP_THREAD_LIMIT"] = "1" }
        for (name, value) in Self.mallocSettings where environment[name] == nil { wanted[name] = value }
        if environment[OpenBLASKernel.variable] == nil,
           let kernel = OpenBLASKernel.recommended(cpuFlags: OpenBLASKernel.cpuFlags()) {
            wanted[OpenBLASKernel.variable] = kernel
        }
        guard !wanted.isEmpty else { return }
        for (name, value) in wanted { setenv(name, value, 1) }
        setenv(marker, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &arguments)
        // execv returns only on failure: carry on in this process with the libraries as they loaded.
    }
}
