import Foundation
import Testing
import Core
import Domain
import Crypto
@testable import Notifications

/// The outbox end to end: real SQLite files, real HTTP to fake ntfy and webhook receivers.
@Suite("Notification delivery", .serialized)
struct NotificationDeliveryTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-notify-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func open(_ clock: TestClock) throws -> NotificationWorld {
        try NotificationWorld(databasePath: folder.appendingPathComponent("server.sqlite").path,
                              photos: folder.appendingPathComponent("photos").path, clock: clock)
    }

    /// An account in Seoul that uses the insulin log (a rapid dose at noon) but has not taken
    /// tonight's long dose.
    func account(_ world: NotificationWorld, _ email: String) throws -> String {
        let account = try world.accounts.register(.init(email: email, password: "correct horse battery", displayName: "Minji",
                                                             timeZone: "Asia/Seoul"))
        _ = try world.insulin.logDose(ownerID: account.id, .init(kind: .rapid, units: 2,
                                                                     takenAt: ISO8601.parseInstant("2026-11-30T12:00:00+09:00")!))
        return account.id
    }

    @Test("a forgotten bedtime dose: one reminder at 22:00, one more at 23:00; a webhook failing twice gets it once, same key; a restart loses nothing")
    func forgottenBedtimeDose() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        let webhook = try FakeReceiver(failures: 2)
        defer { ntfy.stop(); webhook.stop() }
        let clock = TestClock("2026-11-30T21:00:00+09:00")
        var world = try open(clock)
        let owner = try account(world, "minji@example.com")
        _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: ntfy.url, token: "tk_secret")
        let hook = try world.notifications.addChannel(ownerID: owner, kind: .webhook, url: webhook.url, token: nil)
        try world.notifications.refresh(ownerID: owner, rule: .insulin)
        var scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil)

        scheduler.runOnce()
        #expect(ntfy.accepted.isEmpty && webhook.tried.isEmpty)

        clock.set("2026-11-30T22:00:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 1)
        let first = try #require(ntfy.accepted.first)
        #expect(first.headers["title"] == "Long-acting insulin" && first.headers["priority"] == "4" && first.headers["tags"] == "syringe")
        #expect(first.headers["authorization"] == "Bearer tk_secret")
        #expect(first.text.contains("not logged yet for 2026-11-30"))
        #expect(webhook.tried.count == 1 && webhook.accepted.isEmpty)

        // The server restarts between the retries: the pending delivery is still there.
        world.close()
        world = try open(clock)
        scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil)
        clock.advance(1)
        scheduler.runOnce()
        #expect(webhook.tried.count == 1) // the first retry waits 2 s ± 20 %
        clock.advance(1.5)
        scheduler.runOnce()
        #expect(webhook.tried.count == 2 && webhook.accepted.isEmpty)
        clock.advance(5)
        scheduler.runOnce()
        #expect(webhook.accepted.count == 1)
        #expect(Set(webhook.tried.map { $0.headers["idempotency-key"] ?? "" }).count == 1)
        #expect(ntfy.accepted.count == 1) // the channel that had it is not sent it again

        // The webhook's body and signature.
        let delivered = try #require(webhook.accepted.first)
        #expect(delivered.json["rule"] as? String == "insulin" && delivered.json["account_id"] as? String == owner)
        #expect(delivered.json["id"] as? String == delivered.headers["idempotency-key"])
        let secret = try #require(hook.secret)
        // The signer is checked on its own against RFC 4231's test case 2, so that the signature
        // below is not only compared with the function that made it.
        #expect(SodiumDigest.hmacSHA256Hex(key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(delivered.headers["x-tend-signature"] == "sha256=" + SodiumDigest.hmacSHA256Hex(key: Data(secret.utf8), message: delivered.body))

        clock.set("2026-11-30T22:30:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 1)
        clock.set("2026-11-30T23:00:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 2 && ntfy.accepted.last?.headers["priority"] == "5")
        clock.set("2026-12-01T01:00:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 2)
        let sent = try world.notifications.history(ownerID: owner, state: .sent)
        #expect(sent.map(\.occasion).sorted() == ["insulin:2026-11-30:1", "insulin:2026-11-30:2"])
        #expect(sent.first { $0.occasion.hasSuffix(":1") }?.attempts == 3)
    }

    @Test("a dose logged after the reminder was queued cancels what is still pending")
    func loggedDoseCancels() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        defer { ntfy.stop() }
        let clock = TestClock("2026-11-30T21:00:00+09:00")
        let world = try open(clock)
        let owner = try account(world, "theo@example.com")
        _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: ntfy.url, token: nil)
        try world.notifications.refresh(ownerID: owner, rule: .insulin)
        clock.set("2026-11-30T22:00:00+09:00")
        let scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil)
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 1)

        clock.set("2026-11-30T22:20:00+09:00")
        _ = try world.insulin.logDose(ownerID: owner, .init(kind: .long, units: 20, takenAt: clock.now))
        try world.notifications.refresh(ownerID: owner, rule: .insulin) // what the route hook does
        let cancelled = try world.notifications.history(ownerID: owner, state: .cancelled)
        #expect(cancelled.map(\.occasion) == ["insulin:2026-11-30:2"])
        clock.set("2026-11-30T23:05:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 1)
        // Tomorrow's reminders are already planned: the chain goes on.
        #expect(try world.notifications.history(ownerID: owner, state: .pending).map(\.occasion).sorted()
                == ["insulin:2026-12-01:1", "insulin:2026-12-01:2"])
    }

    @Test("quiet hours defer a partner event to their end; insulin reminders are not deferred")
    func quietHoursDeferPartnerEvents() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        defer { ntfy.stop() }
        let clock = TestClock("2026-11-30T23:45:00+09:00")
        let world = try open(clock)
        let a = try world.accounts.register(.init(email: "a@example.com", password: "correct horse battery", displayName: "Minji", timeZone: "Asia/Seoul"))
        let b = try world.accounts.register(.init(email: "b@example.com", password: "correct horse battery", displayName: "Haru", timeZone: "Asia/Seoul"))
        let code = try world.couples.createInvite(accountID: a.id).code
        _ = try world.couples.join(accountID: b.id, code: code)
        _ = try world.notifications.addChannel(ownerID: b.id, kind: .ntfy, url: ntfy.url, token: nil)

        _ = try world.couples.setMood(accountID: a.id, mood: .loving, status: "good night", note: nil)
        let pending = try world.notifications.history(ownerID: b.id, state: .pending)
        #expect(pending.count == 1)
        #expect(pending.first.map { ISO8601.format($0.dueAt, in: TimeZone(identifier: "Asia/Seoul")!) } == "2026-12-01T07:30:00+09:00")
        let scheduler = NotificationScheduler(notifications: world.notifications, clock: clock, logger: nil)
        scheduler.runOnce()
        #expect(ntfy.accepted.isEmpty)
        // The photo a minute later joins the same message.
        clock.advance(60)
        _ = try world.couples.putPhoto(accountID: a.id, data: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0x01, 0xFF, 0xD9]), caption: nil)
        clock.set("2026-12-01T07:30:00+09:00")
        scheduler.runOnce()
        #expect(ntfy.accepted.count == 1)
        let text = ntfy.accepted.first?.text ?? ""
        #expect(text.contains("Minji shared a mood: 🥰 loving · good night") && text.contains("Minji shared today's photo"), "\(text)")
        #expect(try world.notifications.history(ownerID: a.id, state: nil).isEmpty) // nothing for the author
    }

    @Test("a row moved after the round listed it (new quiet hours) is not sent early; a claimed row leaves the due list")
    func deliveryDecidesOnTheRowAsItIsNow() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ntfy = try FakeReceiver()
        defer { ntfy.stop() }
        let clock = TestClock("2026-11-30T20:00:00+09:00")
        let world = try open(clock)
        let owner = try world.accounts.register(.init(email: "s@example.com", password: "correct horse battery", displayName: "S",
                                                          timeZone: "Asia/Seoul")).id
        _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: ntfy.url, token: nil)
        _ = try world.supplements.add(ownerID: owner, name: "Magnesium", amount: 1, unit: "tab", times: [LocalTime("22:00")!], weekdays: [])
        try world.notifications.refresh(ownerID: owner, rule: .supplement)
        clock.set("2026-11-30T22:30:00+09:00")
        let listed = try world.notifications.due()
        #expect(listed.map(\.title) == ["Supplement: Magnesium"])
        // Meanwhile the quiet hours change: the reminder now waits until 07:00.
        _ = try world.notifications.setQuietHours(ownerID: owner, from: LocalTime("22:00")!, to: LocalTime("07:00")!)
        for notification in listed { world.notifications.deliverOne(notification) }
        #expect(ntfy.accepted.isEmpty)
        clock.set("2026-12-01T07:00:00+09:00")
        let later = try world.notifications.due()
        #expect(later.contains { $0.title == "Supplement: Magnesium" })
        for notification in later { world.notifications.deliverOne(notification) }
        #expect(ntfy.accepted.count == 1)
        // Delivered once, even if an old listing is handed in again.
        for notification in later { world.notifications.deliverOne(notification) }
        #expect(ntfy.accepted.count == 1)
    }

    @Test("a disconnect cancels what was queued about the couple")
    func disconnectCancels() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock("2026-11-30T23:45:00+09:00")
        let world = try open(clock)
        let a = try world.accounts.register(.init(email: "a@example.com", password: "correct horse battery", displayName: "Minji", timeZone: "Asia/Seoul"))
        let b = try world.accounts.register(.init(email: "b@example.com", password: "correct horse battery", displayName: "Haru", timeZone: "Asia/Seoul"))
        _ = try world.couples.join(accountID: b.id, code: try world.couples.createInvite(accountID: a.id).code)
        _ = try world.couples.setMood(accountID: a.id, mood: .sad, status: "missing you", note: nil)
        _ = try world.couples.setMeeting(accountID: a.id, day: LocalDate("2026-12-24")!, place: nil)
        #expect(try world.notifications.history(ownerID: b.id, state: .pending).count == 3) // the mood, D-1, D-day
        try world.couples.disconnect(accountID: b.id)
        #expect(try world.notifications.history(ownerID: a.id, state: .pending).isEmpty)
        #expect(try world.notifications.history(ownerID: b.id, state: .pending).isEmpty)
        #expect(try world.notifications.history(ownerID: b.id, state: .cancelled).allSatisfy { $0.lastError == "the couple was disconnected" })
    }

    @Test("resolved addresses are checked too: link-local ones are refused")
    func resolvedAddresses() throws {
        let addresses = ChannelAddresses()
        #expect(addresses.isForbidden(host: "169.254.169.254") && addresses.isForbidden(host: "fe80::1%eth0"))
        #expect(!addresses.isForbidden(host: "127.0.0.1") && !addresses.isForbidden(host: "::1"))
        let pins = try ResolvedAddressCheck.pins(for: "http://localhost:9/topic", addresses: addresses, resolver: SystemHostResolver())
        #expect(pins.first?.addresses.contains { $0 == .v4(0x7F00_0001) || $0.description == "::1" } == true)
        #expect(throws: AppError.self) {
            try ResolvedAddressCheck.pins(for: "http://[fe80::1]/x", addresses: addresses, resolver: SystemHostResolver())
        }
    }

    @Test("ntfy titles beyond ASCII go as RFC 2047 encoded words")
    func encodedTitles() {
        #expect(HTTPNotificationSender.headerText("Tend test") == "Tend test")
        #expect(HTTPNotificationSender.headerText("Haru 💌") == "=?UTF-8?B?SGFydSDwn5KM?=")
    }
}
