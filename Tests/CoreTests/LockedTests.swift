import Testing
import Dispatch
import Core

@Suite struct LockedTests {
    /// Many threads changing one value: none of their changes is lost (a read-modify-write of
    /// a compound value, which an unlocked value loses under this contention).
    @Test func changesFromManyThreadsAreNeverLost() {
        let counts = Locked((total: 0, perThread: [Int](repeating: 0, count: 8)))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<20_000 {
                counts.withLock { counts in
                    let before = counts.total
                    counts.perThread[thread] += 1
                    counts.total = before + 1
                }
            }
        }
        let (total, perThread) = counts.withLock { ($0.total, $0.perThread) }
        #expect(total == 160_000)
        #expect(perThread == [Int](repeating: 20_000, count: 8))
    }

    @Test func anErrorThrownInsideLeavesTheLockFreeAndTheChangeMade() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { value in
                value = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2) // would deadlock if the throw had kept the lock
    }
}
