import Foundation
import Synchronization
import Testing
import Domain

@Suite("WakeSignal")
struct WakeSignalTests {
    /// A closure kept in a generic `Mutex` and read through its `inout` gained two reabstraction
    /// thunks a read, stored back: every write that asked for a re-plan made the next signal's
    /// call chain deeper (2,277 frames after a 5-second bench), until the stack overflowed.
    @Test("a listener signalled many times stays the closure that was connected")
    func signallingDoesNotGrowTheListener() {
        let signal = WakeSignal()
        let calls = Atomic<Int>(0)
        signal.connect { calls.add(1, ordering: .relaxed) }
        // On a thread with a small stack: a listener that grew with each signal would overflow it.
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for _ in 0..<100_000 { signal.signal() }
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        #expect(calls.load(ordering: .relaxed) == 100_000)
    }
}
