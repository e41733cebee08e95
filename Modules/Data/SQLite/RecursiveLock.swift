import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A re-entrant mutex: a transaction holds it while the repositories it calls take it again.
final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Contention, for `GET /metrics`: callers that found the connection busy, those waiting
    /// now, and the time they waited. An uncommitted lock costs nothing more than before (the
    /// try succeeds); only a wait pays for the clock and the counters.
    let contended = Atomic<Int>(0)
    let waiting = Atomic<Int>(0)
    let waitedNanoseconds = Atomic<Int>(0)
    /// The holding thread (0: none), so `Database` can tell a call inside a transaction of this
    /// thread (it stays on the writer) from one that may go to a reader. Only the holder writes it.
    private let owner = Atomic<UInt>(0)
    private var depth = 0

    /// Whether the calling thread holds the lock: only that thread can have stored its own id.
    var isHeldByCurrentThread: Bool { owner.load(ordering: .relaxed) == UInt(pthread_self()) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        if pthread_mutex_trylock(mutex) != 0 {
            contended.add(1, ordering: .relaxed)
            waiting.add(1, ordering: .relaxed)
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            pthread_mutex_lock(mutex)
            clock_gettime(CLOCK_MONOTONIC, &end)
            waiting.subtract(1, ordering: .relaxed)
            waitedNanoseconds.add((end.tv_sec - start.tv_sec) * 1_000_000_000 + (end.tv_nsec - start.tv_nsec), ordering: .relaxed)
        }
        if depth == 0 { owner.store(UInt(pthread_self()), ordering: .relaxed) }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { owner.store(0, ordering: .relaxed) }
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }
}
