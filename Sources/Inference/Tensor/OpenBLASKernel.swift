import Foundation

/// Chooses OpenBLAS's kernel family deliberately instead of trusting its CPU detection, which Debian's
/// OpenBLAS 0.3.21 gets wrong on CPUs it does not know (it falls back to "Prescott", about 5× slower sgemm).
///
/// OpenBLAS reads `OPENBLAS_CORETYPE` once, when the library loads — before `main` runs — so a process that
/// wants another kernel must be started with the variable set: by a wrapper, or by re-executing itself once
/// (`reexecutingWithRecommendedKernel`). The measurements behind the choice are in docs/models.md.
public enum OpenBLASKernel {
    /// The environment variable OpenBLAS reads.
    public static let variable = "OPENBLAS_CORETYPE"

    /// The kernel for a CPU with these `/proc/cpuinfo` flags: SkylakeX with AVX-512 (F, BW, DQ, VL),
    /// Haswell with AVX2 and FMA, else nil (leave OpenBLAS's own choice).
    public static func recommended(cpuFlags: Set<String>) -> String? {
        if ["avx512f", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(cpuFlags.contains) { return "SkylakeX" }
        if ["avx2", "fma"].allSatisfy(cpuFlags.contains) { return "Haswell" }
        return nil
    }

    /// The flags of the first CPU in `/proc/cpuinfo` (empty where there is none).
    public static func cpuFlags(cpuinfo path: String = "/proc/cpuinfo") -> Set<String> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        for line in text.split(separator: "\n") where line.hasPrefix("flags") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
        }
        return []
    }

    /// The kernel to run with: the variable if the user set it, else the recommendation for this CPU.
    public static func choice(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment[variable], !chosen.isEmpty { return chosen }
        return recommended(cpuFlags: cpuFlags())
    }

    /// Call first thing in `main`: if `OPENBLAS_CORETYPE` is unset and this CPU has a better kernel than
    /// OpenBLAS detects, sets it and re-executes the program with the same arguments (once: the variable is
    /// set the second time). Returns only when no re-execution was needed or it failed.
    public static func reexecutingWithRecommendedKernel() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[variable] == nil, let kernel = recommended(cpuFlags: cpuFlags()) else { return }
        setenv(variable, kernel, 1)
        let arguments = CommandLine.arguments
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &cArguments)
        // execv returned: it failed; run on with OpenBLAS's own choice.
        for argument in cArguments { free(argument) }
    }
}
