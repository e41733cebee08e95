import Foundation

/// How long a test waits for something that takes moments on an idle machine (a process to
/// start, a reminder to go out): a bound that only a stuck run reaches, never a window that
/// a loaded machine could miss.
let patience: TimeInterval = 120

/// Waits until `condition` holds, checking it every few milliseconds, for at most `patience`;
/// returns whether it held. The checks are a condition's, not a clock's: a fast machine
/// returns at once, a slow one later, and only a run where it never holds fails.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(patience)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// Runs blocking work (waiting for a process) on a thread of its own, so that it never ties up
/// the cooperative pool, which has one thread per core.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
