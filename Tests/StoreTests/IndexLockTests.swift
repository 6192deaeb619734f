import Foundation
import Testing
import TestSupport
@testable import Store

@Suite("A run holds its index with a lock that dies with the process")
struct IndexLockTests {
    @Test func givenAFreeIndex_whenLocked_thenItIsHeldByThisProcessUntilReleased() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        #expect(IndexLock.holder(of: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: IndexLock.lockPath(for: path)), "asking creates nothing")

        guard case .acquired(let lock) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was not free")
            return
        }
        #expect(lock.isHeld)
        #expect(IndexLock.holder(of: path) == LockHolder(pid: getpid()))
        guard case .heldBy(let holder) = try IndexLock.acquire(index: path) else {
            Issue.record("a second lock of the same index was granted")
            return
        }
        #expect(holder.isThisProcess)

        lock.release()
        #expect(!lock.isHeld)
        #expect(IndexLock.holder(of: path) == nil)
        guard case .acquired(let again) = try IndexLock.acquire(index: path) else {
            Issue.record("a released lock was not free")
            return
        }
        again.release()
    }

    @Test func givenAnotherHolder_thenTheLockIsRefusedNamingItAndGrantedOnceItLetsGo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let other = ForeignLock(path: IndexLock.lockPath(for: path))
        #expect(other.tryLock())
        guard case .heldBy(let holder) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was granted while another held it")
            return
        }
        #expect(holder == LockHolder(pid: -1) && holder.description == "another process")
        #expect(IndexLock.holder(of: path) == LockHolder(pid: -1))

        other.release()
        #expect(IndexLock.holder(of: path) == nil)
        guard case .acquired(let lock) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was not granted once free")
            return
        }
        #expect(!other.tryLock(), "others now find it held")
        lock.release()
    }

    @Test func givenAHeldLock_whenAskedManyTimes_thenQueriesNeverDropIt() throws {
        // Closing any descriptor of a file drops this process's POSIX locks on it: asking who holds it must not.
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        guard case .acquired(let lock) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was not free")
            return
        }
        for _ in 0..<3 {
            #expect(IndexLock.holder(of: path)?.isThisProcess == true)
            if case .acquired = try IndexLock.acquire(index: path) { Issue.record("granted twice") }
        }
        let outside = ForeignLock(path: IndexLock.lockPath(for: path))
        #expect(!outside.tryLock(), "still held as seen from outside")
        lock.release()
        #expect(outside.tryLock(), "and free once released")
    }

    @Test func givenAnInMemoryIndex_thenItsLockIsAlwaysGrantedAndNoFileIsMade() throws {
        guard case .acquired(let lock) = try IndexLock.acquire(index: ":memory:") else {
            Issue.record("an in-memory index's lock was refused")
            return
        }
        #expect(lock.isHeld && IndexLock.holder(of: ":memory:") == nil)
        #expect(!FileManager.default.fileExists(atPath: ":memory:.lock"))
    }
}
