import Foundation
import PoolPipeline

/// Sets the environment that libraries read when they load (`LoadTimeEnvironment`: the OpenMP limit, the OpenBLAS
/// kernel, glibc's mmap threshold), before `main` runs, by running the program again once with it set. Why not
/// in-process: docs/architecture.md, "Process-wide library settings".
enum ProcessBootstrap {
    private static let marker = "POOL_PIPELINE_BOOTSTRAPPED"

    static func reexecIfNeeded() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[marker] == nil else { return }
        let wanted = LoadTimeEnvironment.missing(from: environment)
        guard !wanted.isEmpty else { return }
        for (name, value) in wanted { setenv(name, value, 1) }
        setenv(marker, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &arguments)
        // execv returns only on failure: carry on in this process with the libraries as they loaded.
    }
}
