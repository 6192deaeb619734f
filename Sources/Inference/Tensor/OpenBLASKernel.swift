import COpenBLAS
import Foundation

/// Chooses OpenBLAS's kernel family deliberately instead of trusting its CPU detection, which Debian's
/// OpenBLAS 0.3.21 gets wrong on CPUs it does not know (it falls back to "Prescott", about 5× slower sgemm).
///
/// OpenBLAS reads `OPENBLAS_CORETYPE` once, in its load-time constructor. So the package does not link it: COpenBLAS
/// loads it with `dlopen` at the first BLAS call (or at `load()`), after setting `OPENBLAS_CORETYPE` to the
/// recommendation for this CPU unless the user set it, and every `cblas_`/`openblas_` call goes through a pointer
/// it looked up (`Sources/COpenBLAS/blas_loader.c`). The measurements behind the choice are in docs/models.md.
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

    /// What the loader recommends for this CPU (from the CPU's own feature bits; the same rule as
    /// `recommended(cpuFlags:)`).
    public static var loaderRecommendation: String? { pool_blas_recommended_coretype().map { String(cString: $0) } }

    /// OpenBLAS as this process loaded it.
    public struct Loaded: Sendable, Equatable, CustomStringConvertible {
        /// The kernel family OpenBLAS runs (`openblas_get_corename`).
        public var coreName: String
        /// `OPENBLAS_CORETYPE` when it loaded: nil when it was left to OpenBLAS's detection.
        public var requested: String?
        /// Whether the user set `OPENBLAS_CORETYPE` (else this process chose it).
        public var requestedByUser: Bool
        /// The library file opened.
        public var library: String

        public var description: String {
            let why = requested == nil ? "OpenBLAS's own CPU detection"
                : requestedByUser ? "\(variable) set by the user" : "chosen for this CPU"
            return "OpenBLAS core \(coreName) (\(why); \(library), loaded in-process)"
        }
    }

    /// Loads OpenBLAS, once per process, with the kernel chosen as above; throws, naming the library and why,
    /// when it cannot be loaded. BLAS calls made without it load it the same way (and end the process with that
    /// reason when it cannot be loaded).
    public static func load() throws(BLASLoadError) -> Loaded {
        guard pool_blas_load() == 0 else {
            throw BLASLoadError(reason: pool_blas_error().map { String(cString: $0) } ?? "unknown reason")
        }
        return Loaded(coreName: BLAS.coreName, requested: pool_blas_coretype().map { String(cString: $0) },
                      requestedByUser: pool_blas_coretype_from_user() != 0,
                      library: pool_blas_library().map { String(cString: $0) } ?? "libopenblas")
    }
}

/// OpenBLAS could not be loaded.
public struct BLASLoadError: Error, CustomStringConvertible {
    /// What `dlopen` said, for each file name tried.
    public var reason: String

    public var description: String {
        "cannot load OpenBLAS (\(reason)); install libopenblas0 (scripts/setup)"
    }
}
