import ModelEngine

/// The environment variables libraries read when they load (before `main` runs, so a process that wants them must
/// start with them set: `pool-pipeline` re-runs itself once, `ProcessBootstrap`), and the values a run wants. A
/// value the user set is kept.
/// - `OMP_THREAD_LIMIT=1`: Debian's Tesseract is built with OpenMP and otherwise spins threads against the
///   runner's own workers (2-4x slower). libgomp reads it in its load-time constructor.
/// - `OPENBLAS_CORETYPE`: Debian's OpenBLAS misdetects this CPU and falls back to generic kernels (about 6x
///   slower); OpenBLAS reads it in its load-time constructor (`OpenBLASKernel`).
/// - `MALLOC_MMAP_THRESHOLD_=1048576`: glibc then serves every block of 1 MiB or more (decoded images, tensors)
///   with its own mapping, returned when freed. By default it raises that threshold each time such a block is
///   freed, after which images come from the heap and fragment it, and peak memory grows with the number of
///   captures indexed (206 -> 243 MiB from 1,000 to 5,000 captures; 126 -> 139 MiB with the fixed threshold).
public enum LoadTimeEnvironment {
    /// The variables to set (name and value) that `environment` lacks; empty when nothing is missing.
    /// `cpuFlags`: this CPU's `/proc/cpuinfo` flags, for the OpenBLAS kernel.
    public static func missing(from environment: [String: String],
                               cpuFlags: @autoclosure () -> Set<String> = OpenBLASKernel.cpuFlags()) -> [String: String] {
        var wanted: [String: String] = [:]
        if environment["OMP_THREAD_LIMIT"] == nil { wanted["OMP_THREAD_LIMIT"] = "1" }
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil { wanted["MALLOC_MMAP_THRESHOLD_"] = "1048576" }
        if environment[OpenBLASKernel.variable] == nil, let kernel = OpenBLASKernel.recommended(cpuFlags: cpuFlags()) {
            wanted[OpenBLASKernel.variable] = kernel
        }
        return wanted
    }
}
