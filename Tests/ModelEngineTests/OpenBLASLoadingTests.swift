import Foundation
import ModelEngine
import Testing

/// OpenBLAS is loaded in-process (dlopen after choosing `OPENBLAS_CORETYPE`), not linked: the kernel in effect is the
/// one chosen, and the engine's sgemm, called through the looked-up pointer, computes what a plain loop does.
@Suite("OpenBLAS loaded at run time with the chosen kernel")
struct OpenBLASLoadingTests {
    @Test func whenLoaded_thenTheKernelInEffectIsTheChoice() throws {
        let loaded = try OpenBLASKernel.load()
        let expected = OpenBLASKernel.choice()
        #expect(loaded.requested == expected)
        #expect(loaded.requestedByUser == (ProcessInfo.processInfo.environment[OpenBLASKernel.variable] != nil))
        if let expected {
            #expect(loaded.coreName.lowercased() == expected.lowercased(), "\(loaded)")
            #expect(BLAS.coreName == loaded.coreName)
        }
        #expect(loaded.library.hasPrefix("libopenblas"))
        #expect(try OpenBLASKernel.load() == loaded)      // once per process
    }

    @Test func theLoadersRecommendationIsTheDocumentedRuleForThisCPU() {
        #expect(OpenBLASKernel.loaderRecommendation == OpenBLASKernel.recommended(cpuFlags: OpenBLASKernel.cpuFlags()))
    }

    @Test func sgemmThroughTheLoadedLibraryMatchesADoubleLoop() {
        let m = 37, n = 29, k = 53
        var generator = SystemRandomNumberGenerator()
        let a = (0..<(m * k)).map { _ in Float.random(in: -1...1, using: &generator) }
        let b = (0..<(n * k)).map { _ in Float.random(in: -1...1, using: &generator) }
        var c = [Float](repeating: 0, count: m * n)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    BLAS.sgemm(transposeB: true, m: m, n: n, k: k, a: a.baseAddress!, lda: k, b: b.baseAddress!, ldb: k,
                               c: c.baseAddress!, ldc: n)
                }
            }
        }
        var worst = 0.0
        for row in 0..<m {
            for column in 0..<n {
                var sum = 0.0
                for index in 0..<k { sum += Double(a[row * k + index]) * Double(b[column * k + index]) }
                worst = max(worst, abs(Double(c[row * n + column]) - sum))
            }
        }
        #expect(worst < 1e-4, "largest difference from the Double loop: \(worst)")
    }
}
