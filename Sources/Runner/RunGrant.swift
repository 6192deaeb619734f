/// Something a run must hold before it lists any capture. On Linux: the index to itself, while another process
/// indexes into it. Until it is granted the phase is `waitingForGrant`, naming what holds it.
public protocol RunGrant: Sendable {
    /// Takes the grant when it is free and returns nil; otherwise returns what holds it, in words a UI can show
    /// after "Waiting for" ("process 4242, which is indexing into /data/index.sqlite").
    func acquire() async throws -> String?
    /// Returns when the grant may have come free, to try `acquire()` again (after a second, say).
    func waitForChange() async throws
}
