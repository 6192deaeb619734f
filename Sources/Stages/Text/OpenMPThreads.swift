#if canImport(Glibc)
import Glibc
#endif

/// Keeps Tesseract's OpenMP loops on the calling thread.
///
/// Debian's Tesseract runs parts of its LSTM with `#pragma omp parallel num_threads(4)`; on a 2-core machine
/// with several workers that costs 2-4x the CPU. `OMP_THREAD_LIMIT=1` only takes effect when it is in the
/// environment before libgomp loads (libgomp reads it in a load-time constructor, and libtesseract links it), so
/// setting it from inside the process is too late. What does work at run time is
/// `omp_set_max_active_levels(0)`, which makes every parallel region inactive, but it is a per-thread setting:
/// `configureCurrentThread` is called before each read. The symbol is found with `dlsym`, since
/// libgomp is already loaded as a dependency of libtesseract.
enum OpenMPThreads {
    private typealias SetLevels = @convention(c) (Int32) -> Void

    private static let setMaxActiveLevels: SetLevels? = {
        setenv("OMP_THREAD_LIMIT", "1", 0)
        guard let symbol = dlsym(nil, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetLevels.self)
    }()

    /// Whether the OpenMP control was found (false when Tesseract was built without OpenMP).
    static var isAvailable: Bool { setMaxActiveLevels != nil }

    /// Makes OpenMP regions entered from the current thread run single-threaded (`singleThreaded`), or with
    /// as many threads as Tesseract asks for (libgomp's default; only to measure what the limit saves).
    static func configureCurrentThread(singleThreaded: Bool) {
        setMaxActiveLevels?(singleThreaded ? 0 : 1)
    }
}
