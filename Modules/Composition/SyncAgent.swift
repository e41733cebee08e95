import FoundationEssentials
import Dispatch
import Synchronization
import Console
import Core
import Domain
import SyncFeature

/// The sync half of `tend remind run`: while logged in, syncs soon after local writes and every
/// few minutes, quietly, backing off while the server is down (`SyncPacer`). A failure is one
/// line on stderr when it starts and one when it heals, never a stop.
final class SyncAgent: Sendable {
    static let tick: TimeInterval = 1

    private let context: SyncContext
    private let clock: any Clock
    private let output: Output
    private let stopRequested = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    private let wake = DispatchSemaphore(value: 0)

    init(context: SyncContext, clock: any Clock, output: Output) {
        self.context = context
        self.clock = clock
        self.output = output
    }

    func start() {
        DispatchQueue(label: "tend.sync").async { self.loop() }
    }

    func stop() {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        wake.signal()
        stopped.wait()
    }

    private func loop() {
        var pacer = SyncPacer()
        while !stopRequested.load(ordering: .sequentiallyConsistent) {
            runOnce(&pacer)
            _ = wake.wait(timeout: .now() + Self.tick)
        }
        stopped.signal()
    }

    /// One look: syncs when logged in and due.
    func runOnce(_ pacer: inout SyncPacer) {
        guard let login = (try? context.client.currentCredentials()) ?? nil,
              let pending = try? context.sync.status().pending,
              pacer.isDue(now: clock.now, pending: pending) else { return }
        let wasFailing = pacer.failures > 0
        do {
            _ = try context.sync.sync(remote: context.remote, accountID: login.accountID, server: login.server,
                                      localOwnerID: context.ownerID)
            pacer.record(success: true, at: clock.now)
            if wasFailing { output.printError("sync: back in touch with \(login.server)") }
        } catch {
            pacer.record(success: false, at: clock.now)
            if !wasFailing {
                let message = (error as? AppError)?.message ?? "\(error)"
                output.printError("sync: \(message); trying again in \(Int(pacer.backoff)) s, and less often while it fails")
            }
        }
    }
}
