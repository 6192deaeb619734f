import Foundation
import ModelEngine

/// Sets the environment that libraries read when they load, before `main` runs, by running the program again
/// once with it set. A value the user set is kept.
/// - `OMP_THREAD_LIMIT=1`: Debian's Tesseract is built with OpenMP and otherwise spins threads against the
///   runner's own workers (2-4x slower).
/// - `OPENBLAS_CORETYPE`: Debian's OpenBLAS misdetects this CPU and falls back to generic kernels (about 6x slower).
/// - `MALLOC_MMAP_THRESHOLD_=1048576`: glibc then serves every block of 1 MiB or more (decoded images, tensors)
///   with its own mapping, returned when freed. By default it raises that threshold each time such a block is
///   freed, after which images come from the heap and fragment it, and peak memory grows with the number of
///   captures indexed (206 -> 243 MiB from 1,000 to 5,000 captures; 126 -> 139 MiB with the fixed threshold).
enum ProcessBootstrap {
    private static let marker = "POOL_PIPELINE_BOOTSTRAPPED"

    static func reexecIfNeeded() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[marker] == nil else { return }
        var wanted: [String: String] = [:]
        if environment["OMP_THREAD_LIMIT"] == nil { wanted["OMP_THREAD_LIMIT"] = "1" }
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil { wanted["MALLOC_MMAP_THRESHOLD_"] = "1048576" }
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
