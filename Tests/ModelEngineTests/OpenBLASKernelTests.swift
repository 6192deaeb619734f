import Foundation
import Testing
import ModelEngine

@Suite("OpenBLAS kernel choice")
struct OpenBLASKernelTests {
    @Test("AVX-512 CPUs get SkylakeX, AVX2 CPUs Haswell, older ones OpenBLAS's own choice")
    func recommendation() {
        #expect(OpenBLASKernel.recommended(cpuFlags: ["sse2", "avx2", "fma", "avx512f", "avx512bw", "avx512dq", "avx512vl"])
                == "SkylakeX")
        #expect(OpenBLASKernel.recommended(cpuFlags: ["sse2", "avx2", "fma", "avx512f"]) == "Haswell")
        #expect(OpenBLASKernel.recommended(cpuFlags: ["sse2", "avx"]) == nil)
    }

    @Test("a user's OPENBLAS_CORETYPE wins over the recommendation")
    func userChoice() {
        #expect(OpenBLASKernel.choice(environment: ["OPENBLAS_CORETYPE": "Zen"]) == "Zen")
    }

    @Test("the flags line of a cpuinfo file is read")
    func readsCPUInfo() throws {
        let path = try SafetensorsFixture.write(Array("processor\t: 0\nflags\t\t: fpu sse2 avx2 fma\nbogomips\t: 1\n".utf8),
                                                name: "cpuinfo")
        #expect(OpenBLASKernel.cpuFlags(cpuinfo: path) == ["fpu", "sse2", "avx2", "fma"])
        #expect(OpenBLASKernel.cpuFlags(cpuinfo: "/nonexistent") == [])
    }
}
