import Foundation
import PoolPipeline
import Testing

@Suite("A supervised child whose supervisor is gone is known to be dying")
struct OrphanedChildTests {
    /// Starts `sleep 30` with `supervisor` (if any) as the supervisor's pid in its environment.
    private func sleeper(supervisor: Int32?) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        var environment = ProcessInfo.processInfo.environment
        environment["POOL_PIPELINE_SUPERVISOR"] = supervisor.map(String.init)
        process.environment = environment
        try process.run()
        return process
    }

    @Test func givenAChildWhoseNamedSupervisorIsNotItsParent_thenItIsOrphaned_andOtherwiseNot() throws {
        let orphan = try sleeper(supervisor: 1)                    // its parent is this test, not pid 1
        let supervised = try sleeper(supervisor: getpid())         // its parent is the supervisor it names
        let unsupervised = try sleeper(supervisor: nil)
        defer {
            for process in [orphan, supervised, unsupervised] {
                kill(process.processIdentifier, SIGKILL)       // SIGTERM may be blocked in a test runner's children
                process.waitUntilExit()
            }
        }
        // The environment is in place once the process runs sleep; wait for that (exec replaces the image).
        for process in [orphan, supervised, unsupervised] {
            while (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/comm", encoding: .utf8)) != "sleep\n" {
                usleep(1_000)
            }
        }
        #expect(RunSupervisor.isOrphanedChild(pid: orphan.processIdentifier))
        #expect(!RunSupervisor.isOrphanedChild(pid: supervised.processIdentifier))
        #expect(!RunSupervisor.isOrphanedChild(pid: unsupervised.processIdentifier))
        #expect(!RunSupervisor.isOrphanedChild(pid: -1))
    }
}
