import Foundation
import ReadingFixtures
import Testing

/// The CLI settles the libraries' process-wide settings in its own process (no re-run with another environment):
/// started without `OPENBLAS_CORETYPE` and `OMP_THREAD_LIMIT`, it loads OpenBLAS with the kernel chosen for this
/// CPU, and Tesseract's reading starts no OpenMP team.
@Suite("pool-pipeline settles OpenBLAS and OpenMP in-process")
struct CLIRuntimeTests {
    /// What the loader recommends for the CPU of `/proc/cpuinfo` (OpenBLASKernel.recommended's rule).
    static var expectedCore: String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return nil }
        let flags = Set(line.split(separator: " ").map(String.init))
        if ["avx512f", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(flags.contains) { return "SkylakeX" }
        if ["avx2", "fma"].allSatisfy(flags.contains) { return "Haswell" }
        return nil
    }

    /// `bench tesseract.text` (Tesseract's own recognition, where its OpenMP regions are) on one screenshot, with
    /// `environment` changed; returns its output.
    static func bench(folder: String, environment: [String: String?]) throws -> CLIProcess.Result {
        let process = Process()
        process.executableURL = CLIProcess.binary
        process.arguments = ["bench", "tesseract.text", "--images", folder, "--runs", "2", "--warmup", "1",
                             "--options", #"{"recognizer": "tesseract", "skipWithoutText": false}"#]
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIProcess.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                 stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// "threads: 9 before the first pass, at most 9 during the passes" -> (9, 9).
    static func threads(_ output: String) -> (before: Int, peak: Int)? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("threads: ") }) else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test func givenNoLibraryVariables_whenBenchReadsText_thenOpenBLASRunsTheChosenCoreAndOpenMPAddsNoThreads() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.library, withIntermediateDirectories: true)
        try CLIPrivacyTests.screenshot(["Lemon drizzle cake", "Ingredients: 2 tbsp sugar", "Preheat the oven to 180",
                                        "Bake for forty minutes", "Leave to cool before icing"],
                                       to: workspace.library.appendingPathComponent("cake.png").path)

        let unset = try Self.bench(folder: workspace.library.path,
                                   environment: ["OPENBLAS_CORETYPE": nil, "OMP_THREAD_LIMIT": nil])
        #expect(unset.status == 0, "\(unset.stderr)")
        if let core = Self.expectedCore {
            #expect(unset.stdout.contains("OpenBLAS core \(core) (chosen for this CPU"), "\(unset.stdout)")
        }
        #expect(unset.stdout.contains("OMP_THREAD_LIMIT unset"), "\(unset.stdout)")

        // The same read with libgomp limited by the environment, as the CLI used to re-run itself with.
        let limited = try Self.bench(folder: workspace.library.path, environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(limited.status == 0, "\(limited.stderr)")
        let withoutVariable = try #require(Self.threads(unset.stdout), "\(unset.stdout)")
        let withVariable = try #require(Self.threads(limited.stdout), "\(limited.stdout)")
        // Tesseract's regions ask for 4 threads: an OpenMP team would add 3 to what the process had.
        #expect(withoutVariable.peak - withoutVariable.before < withVariable.peak - withVariable.before + 3,
                "without OMP_THREAD_LIMIT: \(withoutVariable); with it: \(withVariable)")
    }
}
