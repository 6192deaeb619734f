import Foundation
import COpenBLAS

/// The BLAS the engine runs on (OpenBLAS through CBLAS): single-precision matrix multiply and the library's
/// thread and kernel settings.
///
/// OpenBLAS picks its kernel (`coreName`) when it loads, from `OPENBLAS_CORETYPE` if set; Debian's build
/// misdetects some CPUs and falls back to slow generic kernels, so COpenBLAS loads it at run time after choosing
/// the kernel for this CPU (`OpenBLASKernel.load`; see docs/models.md).
public enum BLAS {
    /// C = alpha * op(A) * op(B) + beta * C on row-major matrices, op(A) m×k, op(B) k×n, C m×n.
    public static func sgemm(
        transposeA: Bool = false, transposeB: Bool = false,
        m: Int, n: Int, k: Int,
        alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        guard m > 0, n > 0 else { return }
        cblas_sgemm(
            CblasRowMajor,
            transposeA ? CblasTrans : CblasNoTrans,
            transposeB ? CblasTrans : CblasNoTrans,
            blasint(m), blasint(n), blasint(k),
            alpha, a, blasint(lda), b, blasint(ldb),
            beta, c, blasint(ldc))
    }

    /// How many threads OpenBLAS uses for one call.
    public static var threads: Int { Int(openblas_get_num_threads()) }

    /// Sets how many threads OpenBLAS uses for one call (process-wide).
    public static func setThreads(_ count: Int) {
        openblas_set_num_threads(Int32(max(1, count)))
    }

    /// The kernel family OpenBLAS chose when it loaded ("Haswell", "SkylakeX", "Prescott", ...).
    public static var coreName: String {
        guard let name = openblas_get_corename() else { return "unknown" }
        return String(cString: name)
    }

    /// OpenBLAS's build configuration string.
    public static var configuration: String {
        guard let config = openblas_get_config() else { return "unknown" }
        return String(cString: config)
    }
}

extension BLAS {
    /// Sets OpenBLAS's threads so `callers` concurrent callers (stage workers) times threads per call fill
    /// the machine's cores without oversubscribing them: at least one thread each.
    public static func configureThreads(forConcurrentCallers callers: Int, cores: Int = availableCores) {
        setThreads(max(1, cores / max(1, callers)))
    }

    /// The cores this process may run on.
    public static var availableCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
