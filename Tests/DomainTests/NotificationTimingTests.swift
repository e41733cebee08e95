import Core
@testable import Domain
import Foundation
import Synchronization
import Testing

/// Looks at the outbox from inside a send: what another runner's `due()` would see while the
/// claim holds.
final class ClaimProbeSender: NotificationSender {
    let look: @Sendable (Domain.Notification) -> Void

    init(look: @escaping @Sendable (Domain.Notification) -> Void) { self.look = look }

    func deliver(_ notification: Domain.Notification, to channel: NotificationChannel) throws { look(notification) }
}

/// The outbox's timing as an operator configures it (`notification_*` in server.conf): the
/// claim lease, the retry window and the longest retry delay are the ones in effect, not the
/// defaults.
@Suite("Notification timing, configured")
struct NotificationTimingTests {
    static let owner = "owner-a"

    @Test("a claim holds for the configured lease: another runner's due() skips it until then, and takes it at the lease's end")
    func claimLease() throws {
        let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
        try world.addChannel(Self.owner)
        let base = world.notifications
        let seen = Mutex<[(held: Int, retaken: Int, nextAttempt: Date)]>([])
        let repository = base.repository
        let probing = NotificationUseCases(
            repository: base.repository, rules: base.rules, accounts: base.accounts,
            sender: ClaimProbeSender { notification in
                let now = seoul("2026-11-30 12:00")
                let row = try? repository.notification(ownerID: notification.ownerID, id: notification.id)
                let held = (try? repository.due(at: now.adding(seconds: 6.9), limit: 10).count) ?? -1
                let retaken = (try? repository.due(at: now.adding(seconds: 7), limit: 10).count) ?? -1
                seen.withLock { $0.append((held, retaken, row?.nextAttemptAt ?? now)) }
            },
            channelAddresses: base.channelAddresses, tokens: base.tokens, transactor: base.transactor, clock: base.clock,
            timeZone: base.timeZone, random: { 0.5 })
        probing.timing.set(NotificationTiming(claimLease: 7, retryWindow: 86_400, longestRetryDelay: 3600, pollInterval: 60,
                                              parallelDeliveries: 8))
        _ = try probing.sendTest(ownerID: Self.owner)
        try probing.deliverDue()
        let looks = seen.withLock { $0 }
        #expect(looks.count == 1)
        #expect(looks.first?.nextAttempt == seoul("2026-11-30 12:00").adding(seconds: 7))
        #expect(looks.first?.held == 0 && looks.first?.retaken == 1, "\(looks)")
    }

    @Test("the standard lease is five minutes")
    func standardLease() {
        #expect(NotificationTiming.standard.claimLease == 300)
        #expect(NotificationUseCases.claimLease == 300)
        #expect(NotificationWorld(now: seoul("2026-11-30 12:00")).notifications.timing.current == .standard)
    }

    @Test("a failing delivery backs off to the configured longest delay and fails after the configured window")
    func retryWindowAndLongestDelay() throws {
        let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
        let channel = try world.addChannel(Self.owner)
        world.sender.fail(next: Int.max, to: channel.id)
        world.notifications.timing.set(NotificationTiming(claimLease: 300, retryWindow: 600, longestRetryDelay: 30, pollInterval: 60,
                                                          parallelDeliveries: 8))
        let test = try world.notifications.sendTest(ownerID: Self.owner)
        let t0 = world.now
        var next: Date? = t0
        var gaps: [TimeInterval] = []
        var rounds = 0
        while let due = next, rounds < 200 {
            let before = world.now
            next = try world.deliver(at: due)
            if rounds > 0 { gaps.append(due.timeIntervalSince(before)) }
            rounds += 1
        }
        let stored = try #require(try world.repository.notification(ownerID: Self.owner, id: test.id))
        #expect(stored.state == .failed)
        #expect(stored.updatedAt.timeIntervalSince(t0) >= 600 && stored.updatedAt.timeIntervalSince(t0) < 630)
        #expect(gaps.max() == 30, "\(gaps)")
        #expect(gaps.prefix(4) == [2, 4, 8, 16])
    }

    @Test("retryDelay is capped by the longest delay given")
    func retryDelayCap() {
        #expect(NotificationUseCases.retryDelay(afterAttempt: 1, random: 0.5, longest: 30) == 2)
        #expect(NotificationUseCases.retryDelay(afterAttempt: 5, random: 0.5, longest: 30) == 30)
        #expect(NotificationUseCases.retryDelay(afterAttempt: 5, random: 0.999, longest: 30) == 30)
        #expect(NotificationUseCases.retryDelay(afterAttempt: 12, random: 0.5) == 3600)
    }

    @Test("settings that make no sense keep the timing in effect")
    func nonsenseIsIgnored() {
        let settings = NotificationTimingSettings()
        settings.set(NotificationTiming(claimLease: 0, retryWindow: -1, longestRetryDelay: 1, pollInterval: 0, parallelDeliveries: 0))
        #expect(settings.current == .standard)
        settings.set(NotificationTiming(claimLease: 2, retryWindow: 60, longestRetryDelay: 2, pollInterval: 1, parallelDeliveries: 1))
        #expect(settings.current == NotificationTiming(claimLease: 2, retryWindow: 60, longestRetryDelay: 2, pollInterval: 1,
                                                       parallelDeliveries: 1))
    }
}
