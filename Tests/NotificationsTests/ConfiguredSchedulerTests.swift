import Foundation
import Testing
import Core
import Domain
@testable import Notifications

/// The scheduler under `server.conf`'s notification settings: the poll interval bounds its
/// sleep, and a server that does not deliver still does the re-plans its writes ask for.
@Suite("The scheduler, configured", .serialized)
struct ConfiguredSchedulerTests {
    @Test("the poll interval in effect is the longest sleep; with delivery off nothing is sent but a write still re-plans")
    func pollIntervalAndPlanningOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-scheduler-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        defer { ntfy.stop() }
        let clock = TestClock("2026-11-30T21:00:00+09:00")
        let world = try NotificationWorld(databasePath: folder.appendingPathComponent("server.sqlite").path,
                                          photos: folder.appendingPathComponent("photos").path, clock: clock, random: { 0.5 })
        defer { world.close() }
        world.notifications.timing.set(NotificationTiming(claimLease: 2, retryWindow: 600, longestRetryDelay: 30, pollInterval: 7,
                                                          parallelDeliveries: 2))
        let owner = try world.accounts.register(.init(email: "minji@example.com", password: "correct horse battery",
                                                      displayName: "Minji", timeZone: "Asia/Seoul")).id
        _ = try world.insulin.logDose(ownerID: owner, .init(kind: .rapid, units: 2, takenAt: ISO8601.parseInstant("2026-11-30T12:00:00+09:00")!))
        _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: ntfy.url, token: nil)
        let sleeper = SteppedSleeper()
        let scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil, sleeper: sleeper,
                                              delivers: false)
        scheduler.start()
        defer { scheduler.stop() }

        // The first round plans tonight's reminders (the dose's write asked for it) and sleeps
        // the configured poll interval, not the standard minute.
        #expect(sleeper.nextSleep() == 7)
        #expect(try world.notifications.history(ownerID: owner, state: .pending).count == 4)

        // 22:00: due, but this scheduler does not deliver; it still looks again after 7 s.
        clock.set("2026-11-30T22:00:00+09:00")
        sleeper.step()
        #expect(sleeper.nextSleep() == 7)
        #expect(ntfy.accepted.isEmpty)
        #expect(try world.notifications.history(ownerID: owner, state: .pending).count == 4)

        // A write wakes it and is re-planned here: tonight's reminders are cancelled.
        clock.set("2026-11-30T22:20:00+09:00")
        _ = try world.insulin.logDose(ownerID: owner, .init(kind: .long, units: 20, takenAt: clock.now))
        #expect(sleeper.nextSleep() != nil)
        #expect(try world.notifications.history(ownerID: owner, state: .cancelled).map(\.occasion).sorted()
                == ["insulin:2026-11-30:1", "insulin:2026-11-30:2"])
        #expect(ntfy.accepted.isEmpty)
    }

    @Test("the sleep is bounded by the longest given")
    func sleepBound() {
        let now = ISO8601.parseInstant("2026-11-30T22:00:00+09:00")!
        #expect(NotificationScheduler.sleep(until: nil, now: now, longest: 7) == 7)
        #expect(NotificationScheduler.sleep(until: now.addingTimeInterval(30), now: now, longest: 7) == 7)
        #expect(NotificationScheduler.sleep(until: now.addingTimeInterval(3), now: now, longest: 7) == 3)
    }
}
