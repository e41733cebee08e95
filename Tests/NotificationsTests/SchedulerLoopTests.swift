import Foundation
import Dispatch
import Synchronization
import Testing
import Core
import Domain
@testable import Notifications

/// The scheduler's sleeper in a test: every sleep is reported to the test, which moves the
/// clock and lets the loop go on; a write's wake-up or `stop()` ends a sleep as it does live.
final class SteppedSleeper: SchedulerSleeper {
    private let state = Mutex<(asked: [TimeInterval], wake: DispatchSemaphore?)>(([], nil))
    private let sleeping = DispatchSemaphore(value: 0)

    func sleep(_ seconds: TimeInterval, orUntil wake: DispatchSemaphore) {
        // A wake-up that came during the round ends the sleep at once, as it does live; only a
        // sleep that really waits is reported.
        if wake.wait(timeout: .now()) == .success { return }
        state.withLock { $0 = ($0.asked + [seconds], wake) }
        sleeping.signal()
        wake.wait()
    }

    func pause(_ seconds: TimeInterval) {}

    /// Waits until the loop has finished a round and sleeps; returns how long it asked to sleep
    /// (nil when it never did within a bound only a stuck run reaches).
    func nextSleep() -> TimeInterval? {
        guard sleeping.wait(timeout: .now() + NotificationWorld.patience) == .success else { return nil }
        return state.withLock { $0.asked.last }
    }

    /// Ends the current sleep, as its time running out would.
    func step() {
        state.withLock { $0.wake }?.signal()
    }
}

@Suite("The scheduler's loop, stepped by hand", .serialized)
struct SchedulerLoopTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-scheduler-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("the loop sleeps until the next due time on its clock, delivers when it is reached, re-plans when a write wakes it, and stops")
    func sleepsDeliversWakesAndStops() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        let webhook = try FakeReceiver(failures: 1)
        defer { ntfy.stop(); webhook.stop() }
        let clock = TestClock("2026-11-30T21:00:00+09:00")
        let world = try NotificationWorld(databasePath: folder.appendingPathComponent("server.sqlite").path,
                                          photos: folder.appendingPathComponent("photos").path, clock: clock, random: { 0.5 })
        defer { world.close() }
        let owner = try world.accounts.register(.init(email: "minji@example.com", password: "correct horse battery",
                                                      displayName: "Minji", timeZone: "Asia/Seoul")).id
        _ = try world.insulin.logDose(ownerID: owner, .init(kind: .rapid, units: 2, takenAt: ISO8601.parseInstant("2026-11-30T12:00:00+09:00")!))
        _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: ntfy.url, token: nil)
        _ = try world.notifications.addChannel(ownerID: owner, kind: .webhook, url: webhook.url, token: nil)
        let sleeper = SteppedSleeper()
        let scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil, sleeper: sleeper)
        scheduler.start()

        // The first round plans tonight's and tomorrow's reminders (the dose's write asked for
        // it); 22:00 is an hour away, so the loop sleeps its longest.
        #expect(sleeper.nextSleep() == NotificationScheduler.longestSleep)
        let planned = try world.notifications.history(ownerID: owner, state: .pending).map(\.occasion).sorted()
        #expect(planned == ["insulin:2026-11-30:1", "insulin:2026-11-30:2", "insulin:2026-12-01:1", "insulin:2026-12-01:2"],
                "\(planned)")
        #expect(ntfy.accepted.isEmpty && webhook.tried.isEmpty)

        // 22:00: the reminder goes to ntfy; the webhook fails and is retried 2 s later (the
        // random factor is fixed), which is exactly how long the loop sleeps.
        clock.set("2026-11-30T22:00:00+09:00")
        sleeper.step()
        #expect(sleeper.nextSleep() == 2)
        #expect(ntfy.accepted.count == 1 && webhook.tried.count == 1 && webhook.accepted.isEmpty)
        clock.advance(2)
        sleeper.step()
        #expect(sleeper.nextSleep() == NotificationScheduler.longestSleep)
        #expect(webhook.accepted.count == 1 && ntfy.accepted.count == 1)

        // A write wakes the loop by itself (no step): tonight's second reminder is cancelled.
        clock.set("2026-11-30T22:20:00+09:00")
        _ = try world.insulin.logDose(ownerID: owner, .init(kind: .long, units: 20, takenAt: clock.now))
        #expect(sleeper.nextSleep() != nil)
        #expect(try world.notifications.history(ownerID: owner, state: .cancelled).map(\.occasion) == ["insulin:2026-11-30:2"])

        // stop() ends the sleep and returns once the loop has ended; nothing more is sent.
        scheduler.stop()
        #expect(ntfy.accepted.count == 1 && webhook.tried.count == 2)
    }

    @Test("the sleep before a round: the time left on the clock, at least 50 ms, at most the longest sleep")
    func sleepLengths() {
        let now = ISO8601.parseInstant("2026-11-30T22:00:00+09:00")!
        #expect(NotificationScheduler.sleep(until: nil, now: now) == NotificationScheduler.longestSleep)
        #expect(NotificationScheduler.sleep(until: now.addingTimeInterval(2.5), now: now) == 2.5)
        #expect(NotificationScheduler.sleep(until: now.addingTimeInterval(-10), now: now) == 0.05)
        #expect(NotificationScheduler.sleep(until: now.addingTimeInterval(3600), now: now) == NotificationScheduler.longestSleep)
    }
}
