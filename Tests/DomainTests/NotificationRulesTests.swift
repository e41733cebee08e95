import Core
import Domain
import Foundation
import Testing

/// The notification rules and the outbox, on in-memory fakes, in Asia/Seoul (UTC+9, no DST),
/// with the jitter fixed at 0 (random 0.5).
@Suite("Notification rules")
struct NotificationRulesTests {
    static let owner = "owner-a"

    // MARK: - Insulin

    @Suite("Insulin reminders")
    struct InsulinReminders {
        let owner = NotificationRulesTests.owner

        /// Someone who logged a rapid dose this morning, with one ntfy channel, at noon.
        func worldWithRapidDose(channels: Int = 1) throws -> NotificationWorld {
            let world = NotificationWorld(now: seoul("2026-11-30 08:00"))
            try world.logDose(.rapid, owner: owner)
            for index in 0..<channels { try world.addChannel(owner, "https://ntfy.sh/tend-\(index)") }
            world.move(to: seoul("2026-11-30 12:00"))
            return world
        }

        func dueTimes(_ world: NotificationWorld) -> [String: Date] {
            Dictionary(uniqueKeysWithValues: world.all(owner, .insulin).map { ($0.occasion, $0.dueAt) })
        }

        @Test("no long dose today: refresh queues :1 at 22:00 and :2 at 23:00, for today and tomorrow")
        func refreshQueuesTheOccasions() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            #expect(dueTimes(world) == [
                "insulin:2026-11-30:1": seoul("2026-11-30 22:00"),
                "insulin:2026-11-30:2": seoul("2026-11-30 23:00"),
                "insulin:2026-12-01:1": seoul("2026-12-01 22:00"),
                "insulin:2026-12-01:2": seoul("2026-12-01 23:00"),
            ])
            let queued = world.all(owner, .insulin)
            #expect(queued.allSatisfy { $0.state == .pending && $0.attempts == 0 && $0.nextAttemptAt == $0.dueAt })
            #expect(queued.first { $0.occasion.hasSuffix(":1") }?.priority == 4)
            #expect(queued.first { $0.occasion.hasSuffix(":2") }?.priority == 5)
            #expect(world.sender.attempts.isEmpty)
            #expect(world.memory.writesOutsideTransaction == 0)
        }

        @Test("refreshing again queues nothing twice")
        func refreshIsIdempotent() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            world.advance(hours: 3)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(world.all(owner, .insulin).count == 4)
            #expect(Set(world.all(owner, .insulin).map(\.occasion)).count == 4)
        }

        @Test("a re-plan that changes nothing takes no write; one that cancels takes one")
        func refreshWritesOnlyChanges() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            let planned = world.memory.commits
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(world.memory.commits == planned, "nothing changed: no write transaction (no write lock on PostgreSQL)")
            try world.logDose(.long, owner: owner)
            let logged = world.memory.commits
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(world.memory.commits == logged + 1)
            #expect(world.all(owner, .insulin).filter { $0.state == .cancelled }.count == 2, "the day's two")
            #expect(world.memory.writesOutsideTransaction == 0)
        }

        @Test("22:00 sends the first one (once per channel), 22:30 nothing, 23:00 the second")
        func deliversOnTime() throws {
            let world = try worldWithRapidDose(channels: 2)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            let first = try #require(try world.notification(owner, .insulin, "insulin:2026-11-30:1"))
            let second = try #require(try world.notification(owner, .insulin, "insulin:2026-11-30:2"))

            try world.deliver(at: seoul("2026-11-30 21:59"))
            #expect(world.sender.attempts.isEmpty)

            let next = try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.delivered.map(\.notificationID) == [first.id, first.id])
            #expect(Set(world.sender.delivered.map(\.channelID)).count == 2)
            #expect(try world.notification(owner, .insulin, first.occasion)?.state == .sent)
            #expect(try world.notification(owner, .insulin, first.occasion)?.sentAt == seoul("2026-11-30 22:00"))
            #expect(next == seoul("2026-11-30 23:00"))

            try world.deliver(at: seoul("2026-11-30 22:30"))
            #expect(world.sender.attempts.count == 2)

            try world.deliver(at: seoul("2026-11-30 23:00"))
            #expect(world.sender.delivered.map(\.notificationID) == [first.id, first.id, second.id, second.id])
            #expect(try world.notification(owner, .insulin, second.occasion)?.state == .sent)
            // The chain goes on, nothing queued twice.
            #expect(world.all(owner, .insulin).count == 4)
        }

        @Test("a long dose then refresh cancels both of the day; nothing is sent at 22:00 or 23:00")
        func longDoseCancels() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            world.move(to: seoul("2026-11-30 21:00"))
            try world.logDose(.long, owner: owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            for occasion in ["insulin:2026-11-30:1", "insulin:2026-11-30:2"] {
                #expect(try world.notification(owner, .insulin, occasion)?.state == .cancelled)
            }
            for occasion in ["insulin:2026-12-01:1", "insulin:2026-12-01:2"] {
                #expect(try world.notification(owner, .insulin, occasion)?.state == .pending)
            }
            try world.deliver(at: seoul("2026-11-30 22:00"))
            try world.deliver(at: seoul("2026-11-30 23:00"))
            #expect(world.sender.attempts.isEmpty)
        }

        @Test("a long dose logged after the first reminder cancels the second when it falls due, even without a refresh")
        func longDoseAfterTheFirstReminder() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.delivered.count == 1)

            world.move(to: seoul("2026-11-30 22:10"))
            try world.logDose(.long, owner: owner)
            try world.deliver(at: seoul("2026-11-30 23:00"))

            #expect(world.sender.delivered.count == 1)
            let second = try #require(try world.notification(owner, .insulin, "insulin:2026-11-30:2"))
            #expect(second.state == .cancelled)
            #expect(second.lastError == "no longer needed")
        }

        @Test("a reminder being retried is cancelled by a dose logged meanwhile (refresh)")
        func retriedReminderCancelledByDose() throws {
            let world = try worldWithRapidDose()
            let channel = try #require(try world.notifications.channels(ownerID: owner).first)
            world.sender.fail(next: Int.max, to: channel.id)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:1")?.attempts == 1)

            world.move(to: seoul("2026-11-30 22:00:01"))
            try world.logDose(.long, owner: owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:1")?.state == .cancelled)
            try world.deliver(at: seoul("2026-11-30 22:00:02"))
            try world.deliver(at: seoul("2026-11-30 23:00"))
            #expect(world.sender.attempts.count == 1)
        }

        @Test("a new reminder time in the settings re-times the pending ones")
        func reminderChangeRetimes() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            _ = try world.insulin.settings.update(ownerID: owner, InsulinSettingsChanges(reminder: time("21:30")))
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            #expect(dueTimes(world) == [
                "insulin:2026-11-30:1": seoul("2026-11-30 21:30"),
                "insulin:2026-11-30:2": seoul("2026-11-30 22:30"),
                "insulin:2026-12-01:1": seoul("2026-12-01 21:30"),
                "insulin:2026-12-01:2": seoul("2026-12-01 22:30"),
            ])
            #expect(world.all(owner, .insulin).allSatisfy { $0.nextAttemptAt == $0.dueAt && $0.state == .pending })
            try world.deliver(at: seoul("2026-11-30 21:30"))
            #expect(world.sender.delivered.count == 1)
        }

        @Test("a reminder before the day start belongs to the insulin day: 01:00 with a 04:00 start is the night after")
        func reminderBeforeDayStart() throws {
            let world = try worldWithRapidDose()
            _ = try world.insulin.settings.update(ownerID: owner, InsulinSettingsChanges(dayStart: time("04:00"), reminder: time("01:00")))
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            #expect(dueTimes(world) == [
                "insulin:2026-11-30:1": seoul("2026-12-01 01:00"),
                "insulin:2026-11-30:2": seoul("2026-12-01 02:00"),
                "insulin:2026-12-01:1": seoul("2026-12-02 01:00"),
                "insulin:2026-12-01:2": seoul("2026-12-02 02:00"),
            ])
            // 00:30 is still the insulin day of Nov 30: a long dose then cancels that day's reminders only.
            world.move(to: seoul("2026-12-01 00:30"))
            try world.logDose(.long, owner: owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:1")?.state == .cancelled)
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:2")?.state == .cancelled)
            #expect(try world.notification(owner, .insulin, "insulin:2026-12-01:1")?.state == .pending)
            try world.deliver(at: seoul("2026-12-01 01:00"))
            #expect(world.sender.attempts.isEmpty)
        }

        @Test("someone who never logged a dose gets nothing")
        func neverLoggedGetsNothing() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            try world.addChannel(owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(world.all(owner).isEmpty)
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.attempts.isEmpty)
        }

        @Test("a long dose logged by mistake and deleted again brings the reminders back")
        func deletedLongDoseBringsTheRemindersBack() throws {
            let world = try worldWithRapidDose()
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            world.move(to: seoul("2026-11-30 21:00"))
            let dose = try world.logDose(.long, owner: owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:1")?.state == .cancelled)

            world.move(to: seoul("2026-11-30 21:05"))
            _ = try world.insulin.deleteDose(ownerID: owner, id: dose.id)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            // Still no long dose in the insulin day by 22:00 → a reminder.
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.delivered.count == 1,
                    "no reminder at 22:00 although the only long dose of the day was deleted")
        }
    }

    // MARK: - Quiet hours

    @Suite("Quiet hours")
    struct QuietHoursRules {
        let owner = NotificationRulesTests.owner
        let zone = TimeZone(identifier: "Asia/Seoul")!

        @Test("the standard quiet hours are 23:30–07:30, across midnight")
        func standardAcrossMidnight() {
            let quiet = QuietHours.standard
            #expect(quiet == QuietHours(from: time("23:30"), to: time("07:30")))
            #expect(quiet.deferred(seoul("2026-11-30 12:00"), in: zone) == seoul("2026-11-30 12:00"))
            #expect(quiet.deferred(seoul("2026-11-30 23:29"), in: zone) == seoul("2026-11-30 23:29"))
            #expect(quiet.deferred(seoul("2026-11-30 23:30"), in: zone) == seoul("2026-12-01 07:30"))
            #expect(quiet.deferred(seoul("2026-11-30 23:59"), in: zone) == seoul("2026-12-01 07:30"))
            #expect(quiet.deferred(seoul("2026-12-01 00:00"), in: zone) == seoul("2026-12-01 07:30"))
            #expect(quiet.deferred(seoul("2026-12-01 03:15"), in: zone) == seoul("2026-12-01 07:30"))
            #expect(quiet.deferred(seoul("2026-12-01 07:29"), in: zone) == seoul("2026-12-01 07:30"))
            #expect(quiet.deferred(seoul("2026-12-01 07:30"), in: zone) == seoul("2026-12-01 07:30"))
        }

        @Test("a quiet window within one day (13:00–15:00)")
        func windowWithinADay() {
            let quiet = QuietHours(from: time("13:00"), to: time("15:00"))
            #expect(quiet.deferred(seoul("2026-11-30 12:59"), in: zone) == seoul("2026-11-30 12:59"))
            #expect(quiet.deferred(seoul("2026-11-30 13:00"), in: zone) == seoul("2026-11-30 15:00"))
            #expect(quiet.deferred(seoul("2026-11-30 14:45"), in: zone) == seoul("2026-11-30 15:00"))
            #expect(quiet.deferred(seoul("2026-11-30 15:00"), in: zone) == seoul("2026-11-30 15:00"))
            #expect(quiet.deferred(seoul("2026-11-30 23:50"), in: zone) == seoul("2026-11-30 23:50"))
        }

        @Test("from == to means no quiet hours")
        func equalBoundsMeanNone() {
            for bound in ["00:00", "07:30", "23:30"] {
                let quiet = QuietHours(from: time(bound), to: time(bound))
                for instant in [seoul("2026-11-30 00:00"), seoul("2026-11-30 07:30"), seoul("2026-11-30 23:45")] {
                    #expect(quiet.deferred(instant, in: zone) == instant)
                }
            }
        }

        @Test("the quiet hours are read in the given zone")
        func otherZone() {
            let quiet = QuietHours.standard
            let berlin = TimeZone(identifier: "Europe/Berlin")!
            // 2026-11-30 08:00 in Seoul is 00:00 in Berlin: quiet there until 07:30 Berlin time.
            #expect(quiet.deferred(seoul("2026-11-30 08:00"), in: berlin) == local("2026-11-30 07:30", in: "Europe/Berlin"))
        }

        @Test("insulin reminders ignore the quiet hours (21:00–08:00: still 22:00)")
        func insulinIgnoresQuietHours() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 08:00"))
            try world.logDose(.rapid, owner: owner)
            try world.addChannel(owner)
            _ = try world.notifications.setQuietHours(ownerID: owner, from: time("21:00"), to: time("08:00"))
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:1")?.dueAt == seoul("2026-11-30 22:00"))
            #expect(try world.notification(owner, .insulin, "insulin:2026-11-30:2")?.dueAt == seoul("2026-11-30 23:00"))
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.delivered.count == 1)
        }

        @Test("a quest reminder inside the quiet hours waits until they end (across midnight)")
        func questDeferredAcrossMidnight() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            _ = try world.quests.setReminder(ownerID: owner, at: time("23:45"))
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.dueAt == seoul("2026-12-01 07:30"))
        }

        @Test("a deferred quest reminder is sent when the quiet hours end, the quest still open")
        func deferredQuestReminderIsSent() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try world.addChannel(owner)
            _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            _ = try world.quests.setReminder(ownerID: owner, at: time("23:45"))
            try world.notifications.refresh(ownerID: owner, rule: .quest)

            try world.deliver(at: seoul("2026-12-01 07:30"))
            let reminder = try #require(try world.notification(owner, .quest, "quest:2026-11-30"))
            #expect(reminder.state == .sent, "deferred by the quiet hours, then dropped: \(reminder.lastError ?? "")")
            #expect(world.sender.delivered.count == 1)
        }

        @Test("setting quiet hours re-times pending quest reminders (20:00–22:00: 21:00 → 22:00)")
        func quietHoursRetimeQuests() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.dueAt == seoul("2026-11-30 21:00"))

            _ = try world.notifications.setQuietHours(ownerID: owner, from: time("20:00"), to: time("22:00"))
            #expect(world.notifications.currentQuietHours(ownerID: owner) == QuietHours(from: time("20:00"), to: time("22:00")))
            let retimed = try #require(try world.notification(owner, .quest, "quest:2026-11-30"))
            #expect(retimed.dueAt == seoul("2026-11-30 22:00"))
            #expect(retimed.nextAttemptAt == seoul("2026-11-30 22:00"))
        }

        @Test("a supplement reminder inside the quiet hours waits until they end")
        func supplementDeferred() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try world.addChannel(owner)
            let magnesium = try world.supplements.add(ownerID: owner, name: "Magnesium", amount: 300, unit: "mg",
                                                      times: [time("23:10")], weekdays: [])
            try world.notifications.refresh(ownerID: owner, rule: .supplement)
            let occasion = "supplement:2026-11-30:\(magnesium.id):23:10"
            #expect(try world.notification(owner, .supplement, occasion)?.dueAt == seoul("2026-12-01 07:30"))

            try world.deliver(at: seoul("2026-12-01 07:30"))
            let reminder = try #require(try world.notification(owner, .supplement, occasion))
            #expect(reminder.state == .sent, "deferred by the quiet hours, then dropped: \(reminder.lastError ?? "")")
        }
    }

    // MARK: - Quest

    @Suite("Quest reminders")
    struct QuestReminders {
        let owner = NotificationRulesTests.owner

        func worldWithJourney() throws -> NotificationWorld {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try world.addChannel(owner)
            _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            return world
        }

        @Test("an open quest → one reminder at the reminder time (21:00 by default)")
        func openQuest() throws {
            let world = try worldWithJourney()
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            let today = try #require(try world.notification(owner, .quest, "quest:2026-11-30"))
            #expect(today.dueAt == seoul("2026-11-30 21:00"))
            #expect(today.title == "Today's quest")
            #expect(try world.notification(owner, .quest, "quest:2026-12-01")?.dueAt == seoul("2026-12-01 21:00"))

            try world.deliver(at: seoul("2026-11-30 20:59"))
            #expect(world.sender.attempts.isEmpty)
            try world.deliver(at: seoul("2026-11-30 21:00"))
            #expect(world.sender.delivered.map(\.notificationID) == [today.id])
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            try world.deliver(at: seoul("2026-11-30 22:00"))
            #expect(world.sender.delivered.count == 1)
        }

        @Test("a done quest: refresh cancels today's reminder, tomorrow's stays")
        func doneQuestCancelled() throws {
            let world = try worldWithJourney()
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            world.move(to: seoul("2026-11-30 12:00"))
            _ = try world.quests.answer(ownerID: owner, text: "An honest answer, written slowly.")
            try world.notifications.refresh(ownerID: owner, rule: .quest)

            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.state == .cancelled)
            #expect(try world.notification(owner, .quest, "quest:2026-12-01")?.state == .pending)
            try world.deliver(at: seoul("2026-11-30 21:00"))
            #expect(world.sender.attempts.isEmpty)
        }

        @Test("a quest done after planning is not reminded when the reminder falls due")
        func doneQuestCancelledAtDelivery() throws {
            let world = try worldWithJourney()
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            world.move(to: seoul("2026-11-30 20:00"))
            _ = try world.quests.answer(ownerID: owner, text: "An honest answer, written slowly.")
            try world.deliver(at: seoul("2026-11-30 21:00"))
            #expect(world.sender.attempts.isEmpty)
            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.state == .cancelled)
        }

        @Test("a new quest reminder time re-times the pending reminders")
        func reminderChange() throws {
            let world = try worldWithJourney()
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            _ = try world.quests.setReminder(ownerID: owner, at: time("19:15"))
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.dueAt == seoul("2026-11-30 19:15"))
            #expect(try world.notification(owner, .quest, "quest:2026-12-01")?.dueAt == seoul("2026-12-01 19:15"))
            #expect(world.all(owner, .quest).count == 2)
        }

        @Test("no journey → nothing")
        func noJourney() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            #expect(world.all(owner).isEmpty)
        }
    }

    // MARK: - Supplements

    @Suite("Supplement reminders")
    struct SupplementReminders {
        let owner = NotificationRulesTests.owner

        func worldWithVitaminD() throws -> (NotificationWorld, Supplement) {
            let world = NotificationWorld(now: seoul("2026-11-30 06:00"))
            try world.addChannel(owner)
            let vitaminD = try world.supplements.add(ownerID: owner, name: "Vitamin D", amount: 1000, unit: "IU",
                                                     times: [time("08:00")], weekdays: [])
            return (world, vitaminD)
        }

        @Test("a slot at 08:00 not taken → due 08:30")
        func notTaken() throws {
            let (world, vitaminD) = try worldWithVitaminD()
            try world.notifications.refresh(ownerID: owner, rule: .supplement)
            let today = try #require(try world.notification(owner, .supplement, "supplement:2026-11-30:\(vitaminD.id):08:00"))
            #expect(today.dueAt == seoul("2026-11-30 08:30"))
            #expect(try world.notification(owner, .supplement, "supplement:2026-12-01:\(vitaminD.id):08:00")?.dueAt
                == seoul("2026-12-01 08:30"))
            #expect(world.all(owner, .supplement).count == 2)

            try world.deliver(at: seoul("2026-11-30 08:29"))
            #expect(world.sender.attempts.isEmpty)
            try world.deliver(at: seoul("2026-11-30 08:30"))
            #expect(world.sender.delivered.map(\.notificationID) == [today.id])
        }

        @Test("taken before → cancelled by refresh, nothing sent")
        func takenBefore() throws {
            let (world, vitaminD) = try worldWithVitaminD()
            try world.notifications.refresh(ownerID: owner, rule: .supplement)
            world.move(to: seoul("2026-11-30 07:50"))
            _ = try world.supplements.take(ownerID: owner, name: "Vitamin D")
            try world.notifications.refresh(ownerID: owner, rule: .supplement)

            #expect(try world.notification(owner, .supplement, "supplement:2026-11-30:\(vitaminD.id):08:00")?.state == .cancelled)
            #expect(try world.notification(owner, .supplement, "supplement:2026-12-01:\(vitaminD.id):08:00")?.state == .pending)
            try world.deliver(at: seoul("2026-11-30 08:30"))
            #expect(world.sender.attempts.isEmpty)
        }

        @Test("a late-evening slot whose reminder falls after midnight is still sent (quiet hours off)")
        func slotReminderAfterMidnight() throws {
            let (world, _) = try worldWithVitaminD()
            _ = try world.notifications.setQuietHours(ownerID: owner, from: time("00:00"), to: time("00:00"))
            let magnesium = try world.supplements.add(ownerID: owner, name: "Magnesium", amount: 300, unit: "mg",
                                                      times: [time("23:45")], weekdays: [])
            try world.notifications.refresh(ownerID: owner, rule: .supplement)
            let occasion = "supplement:2026-11-30:\(magnesium.id):23:45"
            #expect(try world.notification(owner, .supplement, occasion)?.dueAt == seoul("2026-12-01 00:15"))

            try world.deliver(at: seoul("2026-12-01 00:15"))
            let reminder = try #require(try world.notification(owner, .supplement, occasion))
            #expect(reminder.state == .sent, "due after midnight, then dropped: \(reminder.lastError ?? "")")
        }

        @Test("taken after planning, without a refresh → cancelled when it falls due")
        func takenWithoutRefresh() throws {
            let (world, vitaminD) = try worldWithVitaminD()
            try world.notifications.refresh(ownerID: owner, rule: .supplement)
            world.move(to: seoul("2026-11-30 08:10"))
            _ = try world.supplements.take(ownerID: owner, name: "Vitamin D")
            try world.deliver(at: seoul("2026-11-30 08:30"))
            #expect(world.sender.attempts.isEmpty)
            #expect(try world.notification(owner, .supplement, "supplement:2026-11-30:\(vitaminD.id):08:00")?.state == .cancelled)
        }
    }

    // MARK: - Couple

    @Suite("Couple notifications")
    struct CoupleNotifications {
        let coupleID = "couple-1"

        func makeWorld(at text: String = "2026-11-30 12:00") throws -> NotificationWorld {
            let world = NotificationWorld(now: seoul(text))
            try world.addAccount("mina")
            try world.addAccount("joon")
            return world
        }

        func mood(_ world: NotificationWorld, by author: String = "joon") -> MoodEntry {
            MoodEntry(id: UUIDv7.makeString(at: world.now), coupleID: coupleID, authorID: author, day: date("2026-11-30"), mood: .happy,
                      status: "at work", note: nil, createdAt: world.now, updatedAt: world.now)
        }

        func photo(_ world: NotificationWorld, by author: String = "joon") -> CouplePhoto {
            CouplePhoto(id: UUIDv7.makeString(at: world.now), coupleID: coupleID, authorID: author, day: date("2026-11-30"),
                        sha256: String(repeating: "a", count: 64), format: .jpeg, byteCount: 1000, caption: "sunset",
                        createdAt: world.now, updatedAt: world.now)
        }

        func care(_ world: NotificationWorld, by doer: String = "joon", for recipient: String = "mina") -> CareItem {
            CareItem(id: UUIDv7.makeString(at: world.now), coupleID: coupleID, authorID: recipient, forAccountID: recipient,
                     text: "Water the plants", due: nil, doneBy: doer, doneAt: world.now, doneDay: date("2026-11-30"),
                     createdAt: world.now, updatedAt: world.now)
        }

        func meeting(_ world: NotificationWorld, id: String = "meeting-1", day: String) -> Meeting {
            Meeting(id: id, coupleID: coupleID, authorID: "mina", day: date(day), place: "Busan", createdAt: world.now,
                    updatedAt: world.now)
        }

        @Test("a shared mood → one notification, for the recipient only, gathered for five minutes")
        func moodForTheRecipient() throws {
            let world = try makeWorld()
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))

            let minas = world.all("mina")
            #expect(minas.count == 1)
            #expect(world.all("joon").isEmpty)
            let notification = try #require(minas.first)
            #expect(notification.rule == .couple)
            #expect(notification.occasion.hasPrefix("partner:"))
            #expect(notification.dueAt == seoul("2026-11-30 12:05"))
            #expect(notification.title.contains("Joon"))
            #expect(notification.body == "Joon shared a mood: 😊 happy · at work")
        }

        @Test("a burst within five minutes is one message; a mood changed again replaces its line")
        func burstMerges() throws {
            let world = try makeWorld()
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))
            world.advance(minutes: 2)
            try world.notifications.handle(.photoShared(photo(world), recipientID: "mina"))
            world.advance(minutes: 1)
            var changed = mood(world)
            changed.mood = .tired
            changed.status = nil
            try world.notifications.handle(.moodShared(changed, recipientID: "mina"))

            let minas = world.all("mina")
            #expect(minas.count == 1)
            let body = try #require(minas.first?.body)
            #expect(body.split(separator: "\n").map(String.init) == ["Joon shared today's photo: sunset", "Joon shared a mood: 😪 tired"])
            try world.deliver(at: seoul("2026-11-30 12:04"))
            #expect(try world.notifications.inbox(ownerID: "mina", markRead: false).isEmpty)
            try world.deliver(at: seoul("2026-11-30 12:05"))
            #expect(world.sender.delivered.isEmpty) // no channel: sent to the inbox only
            #expect(try world.notifications.inbox(ownerID: "mina", markRead: false).count == 1)
        }

        @Test("after one was sent, the next event waits until sent + 5 min and gathers what follows")
        func afterSendingWaits() throws {
            let world = try makeWorld()
            try world.addChannel("mina")
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))
            try world.deliver(at: seoul("2026-11-30 12:05"))
            #expect(world.sender.delivered.count == 1)

            world.move(to: seoul("2026-11-30 12:06"))
            try world.notifications.handle(.photoShared(photo(world), recipientID: "mina"))
            let next = try #require(world.all("mina").last)
            #expect(world.all("mina").count == 2)
            #expect(next.state == .pending)
            #expect(next.dueAt == seoul("2026-11-30 12:11"))

            world.move(to: seoul("2026-11-30 12:08"))
            try world.notifications.handle(.careCompleted(care(world), recipientID: "mina"))
            #expect(world.all("mina").count == 2)

            try world.deliver(at: seoul("2026-11-30 12:10"))
            #expect(world.sender.delivered.count == 1)
            try world.deliver(at: seoul("2026-11-30 12:11"))
            #expect(world.sender.delivered.count == 2)
            let body = try #require(world.sender.delivered.last?.body)
            #expect(body.contains("Joon shared today's photo: sunset"))
            #expect(body.contains("Joon did \"Water the plants\" for you"))
        }

        @Test("a message held back after a sending waits until five minutes after that sending")
        func holdBackCountsFromSending() throws {
            let world = try makeWorld()
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))
            // Delivered late (the server was busy): 12:09 instead of 12:05.
            try world.deliver(at: seoul("2026-11-30 12:09"))
            world.move(to: seoul("2026-11-30 12:10"))
            try world.notifications.handle(.photoShared(photo(world), recipientID: "mina"))
            let second = try #require(world.all("mina").last)
            #expect(world.all("mina").count == 2)
            #expect(second.dueAt == seoul("2026-11-30 12:15"))
        }

        @Test("events more than 5 minutes apart, with the first sent, are separate notifications")
        func separateEvents() throws {
            let world = try makeWorld()
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))
            try world.deliver(at: seoul("2026-11-30 12:05"))
            world.move(to: seoul("2026-11-30 12:11"))
            try world.notifications.handle(.photoShared(photo(world), recipientID: "mina"))
            #expect(world.all("mina").count == 2)
            #expect(Set(world.all("mina").map(\.dueAt)) == [seoul("2026-11-30 12:05"), seoul("2026-11-30 12:16")])
        }

        @Test("the bridge completed twice the same day → one notification per member")
        func bridgeOncePerDay() throws {
            let world = try makeWorld()
            let event = CoupleEvent.bridgeCompleted(coupleID: coupleID, memberIDs: ["mina", "joon"], day: date("2026-11-30"))
            try world.notifications.handle(event)
            world.advance(minutes: 30)
            try world.notifications.handle(event)

            #expect(world.all("mina").map(\.occasion) == ["bridge:couple-1:2026-11-30"])
            #expect(world.all("joon").map(\.occasion) == ["bridge:couple-1:2026-11-30"])
            #expect(world.all("mina").first?.dueAt == seoul("2026-11-30 12:00"))

            try world.notifications.handle(.bridgeCompleted(coupleID: coupleID, memberIDs: ["mina", "joon"], day: date("2026-12-01")))
            #expect(world.all("mina").count == 2)
        }

        @Test("a meeting → D-1 and D-day at 09:00 local, for both members")
        func meetingReminders() throws {
            let world = try makeWorld()
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-10"), memberIDs: ["mina", "joon"]))

            for member in ["mina", "joon"] {
                let dues = Dictionary(uniqueKeysWithValues: world.all(member).map { ($0.occasion, $0.dueAt) })
                #expect(dues == [
                    "meeting:meeting-1:2026-12-10:d-1": seoul("2026-12-09 09:00"),
                    "meeting:meeting-1:2026-12-10:d-day": seoul("2026-12-10 09:00"),
                ])
            }
            // Setting the same meeting again queues nothing twice.
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-10"), memberIDs: ["mina", "joon"]))
            #expect(world.all("mina").count == 2)
        }

        @Test("a meeting tomorrow: only the D-day one is still ahead once D-1 09:00 has passed")
        func meetingTomorrow() throws {
            let world = try makeWorld()
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-01"), memberIDs: ["mina", "joon"]))
            #expect(world.all("mina").map(\.occasion) == ["meeting:meeting-1:2026-12-01:d-day"])
        }

        @Test("moving the meeting cancels the old reminders and queues the new ones")
        func movingTheMeeting() throws {
            let world = try makeWorld()
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-10"), memberIDs: ["mina", "joon"]))
            world.advance(hours: 1)
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-12"), memberIDs: ["mina", "joon"]))

            for member in ["mina", "joon"] {
                let old = world.all(member).filter { $0.occasion.contains(":2026-12-10:") }
                #expect(old.count == 2)
                #expect(old.allSatisfy { $0.state == .cancelled && $0.lastError == "the meeting moved" })
                let new = world.all(member).filter { $0.occasion.contains(":2026-12-12:") }
                #expect(new.map(\.dueAt).sorted() == [seoul("2026-12-11 09:00"), seoul("2026-12-12 09:00")])
                #expect(new.allSatisfy { $0.state == .pending })
            }
        }

        @Test("moving the meeting back to its first day brings its reminders back")
        func movingTheMeetingBack() throws {
            let world = try makeWorld()
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-10"), memberIDs: ["mina", "joon"]))
            world.advance(hours: 1)
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-12"), memberIDs: ["mina", "joon"]))
            world.advance(hours: 1)
            try world.notifications.handle(.meetingSet(meeting(world, day: "2026-12-10"), memberIDs: ["mina", "joon"]))

            let pending = world.all("mina").filter { $0.state == .pending }
            #expect(pending.map(\.dueAt).sorted() == [seoul("2026-12-09 09:00"), seoul("2026-12-10 09:00")],
                    "a meeting moved away and back gets no reminders at all")
        }

        @Test("a partner event inside the recipient's quiet hours is due when they end")
        func partnerEventInQuietHours() throws {
            let world = try makeWorld(at: "2026-12-01 00:30")
            try world.notifications.handle(.moodShared(mood(world), recipientID: "mina"))
            #expect(world.all("mina").first?.dueAt == seoul("2026-12-01 07:30"))

            _ = try world.notifications.setQuietHours(ownerID: "joon", from: time("00:00"), to: time("09:00"))
            try world.notifications.handle(.moodShared(mood(world, by: "mina"), recipientID: "joon"))
            #expect(world.all("joon").first?.dueAt == seoul("2026-12-01 09:00"))

            // The bridge and the meeting wait too.
            try world.notifications.handle(.bridgeCompleted(coupleID: coupleID, memberIDs: ["mina", "joon"], day: date("2026-11-30")))
            #expect(try world.notification("mina", .couple, "bridge:couple-1:2026-11-30")?.dueAt == seoul("2026-12-01 07:30"))
        }
    }

    // MARK: - Delivery

    @Suite("Delivery")
    struct Delivery {
        let owner = NotificationRulesTests.owner

        @Test("a sender failing twice: retried after 2 s, then 4 s; the third attempt succeeds")
        func retriesWithBackoff() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let channel = try world.addChannel(owner)
            world.sender.fail(next: 2, to: channel.id)
            let test = try world.notifications.sendTest(ownerID: owner)
            let t0 = world.now

            let next1 = try world.deliver(at: t0)
            var stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.state == .pending)
            #expect(stored.attempts == 1)
            #expect(stored.firstAttemptAt == t0)
            #expect(stored.nextAttemptAt == t0.adding(seconds: 2))
            #expect(stored.lastError?.contains("the channel answered 503") == true)
            #expect(next1 == t0.adding(seconds: 2))

            try world.deliver(at: t0.adding(seconds: 1.9))
            #expect(world.sender.attempts.count == 1)

            try world.deliver(at: t0.adding(seconds: 2))
            stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.attempts == 2)
            #expect(stored.nextAttemptAt == t0.adding(seconds: 6))

            try world.deliver(at: t0.adding(seconds: 6))
            stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.state == .sent)
            #expect(stored.attempts == 3)
            #expect(stored.sentAt == t0.adding(seconds: 6))
            #expect(stored.lastError == nil)
            #expect(world.sender.attempts.map(\.attempt) == [1, 2, 3])
            #expect(world.sender.attempts.map(\.succeeded) == [false, false, true])
            #expect(world.sender.attempts.allSatisfy { $0.notificationID == test.id })
        }

        @Test("a channel that already has it is not delivered again on retry")
        func deliveredToIsKept() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let good = try world.addChannel(owner, "https://ntfy.sh/good")
            let flaky = try world.addChannel(owner, "https://hooks.example.org/flaky", kind: .webhook)
            world.sender.fail(next: 1, to: flaky.id)
            let test = try world.notifications.sendTest(ownerID: owner)

            try world.deliver(at: world.now)
            var stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.deliveredTo == [good.id])
            #expect(stored.state == .pending)

            try world.deliver(at: world.now.adding(seconds: 2))
            stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.state == .sent)
            #expect(Set(stored.deliveredTo) == [good.id, flaky.id])
            #expect(world.sender.delivered.filter { $0.channelID == good.id }.count == 1)
            #expect(world.sender.delivered.filter { $0.channelID == flaky.id }.count == 1)
        }

        @Test("failing for 24 hours → failed, with the last error")
        func failsAfterADay() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let channel = try world.addChannel(owner)
            world.sender.fail(next: Int.max, to: channel.id)
            let test = try world.notifications.sendTest(ownerID: owner)
            let t0 = world.now

            var next: Date? = t0
            var rounds = 0
            while let due = next, rounds < 200 {
                next = try world.deliver(at: due)
                rounds += 1
            }
            let stored = try #require(try world.repository.notification(ownerID: owner, id: test.id))
            #expect(stored.state == .failed)
            #expect(stored.lastError?.contains("the channel answered 503") == true)
            #expect(stored.updatedAt.timeIntervalSince(t0) >= NotificationUseCases.retryWindow)
            #expect(stored.updatedAt.timeIntervalSince(t0) < NotificationUseCases.retryWindow + 3600)
            #expect(world.sender.attempts.count == stored.attempts)
            #expect(world.sender.delivered.isEmpty)
            // Nothing is left to retry.
            #expect(try world.repository.nextAttempt() == nil)
        }

        @Test("retryDelay: 2 s doubling, ±20 %, at most an hour")
        func retryDelayBounds() {
            #expect(NotificationUseCases.retryDelay(afterAttempt: 1, random: 0.5) == 2)
            #expect(NotificationUseCases.retryDelay(afterAttempt: 2, random: 0.5) == 4)
            #expect(NotificationUseCases.retryDelay(afterAttempt: 3, random: 0.5) == 8)
            #expect(NotificationUseCases.retryDelay(afterAttempt: 1, random: 0) == 1.6)
            #expect(abs(NotificationUseCases.retryDelay(afterAttempt: 1, random: 0.999_999) - 2.4) < 1e-5)
            #expect(NotificationUseCases.retryDelay(afterAttempt: 12, random: 0.5) == 3600)
            #expect(NotificationUseCases.retryDelay(afterAttempt: 12, random: 0) == 2880)
            for attempts in 0...80 {
                let base = min(2 * pow(2, Double(max(0, attempts - 1))), 3600)
                for random in [0, 0.25, 0.5, 0.75, 0.999_999] {
                    let delay = NotificationUseCases.retryDelay(afterAttempt: attempts, random: random)
                    #expect(delay >= 0.8 * base - 1e-9 && delay <= min(1.2 * base, 3600) + 1e-9,
                            "attempt \(attempts), random \(random): \(delay)")
                    #expect(delay <= 3600)
                }
            }
        }

        @Test("a reminder found due more than an hour late is cancelled; less than an hour late it is sent")
        func lateReminders() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 08:00"))
            try world.logDose(.rapid, owner: owner)
            try world.addChannel(owner)
            try world.notifications.refresh(ownerID: owner, rule: .insulin)

            // The server was down from before 22:00 until 23:30.
            try world.deliver(at: seoul("2026-11-30 23:30"))
            let first = try #require(try world.notification(owner, .insulin, "insulin:2026-11-30:1"))
            let second = try #require(try world.notification(owner, .insulin, "insulin:2026-11-30:2"))
            #expect(first.state == .cancelled)
            #expect(first.lastError?.contains("more than an hour late") == true)
            #expect(second.state == .sent)
            #expect(world.sender.delivered.map(\.notificationID) == [second.id])
        }

        @Test("a quest reminder found 59 minutes late is sent; 61 minutes late it is cancelled")
        func lateQuestReminder() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try world.addChannel(owner)
            _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            try world.notifications.refresh(ownerID: owner, rule: .quest)
            try world.deliver(at: seoul("2026-11-30 21:59"))
            #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.state == .sent)

            let other = NotificationWorld(now: seoul("2026-11-30 10:00"))
            try other.addChannel(owner)
            _ = try other.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
            try other.notifications.refresh(ownerID: owner, rule: .quest)
            try other.deliver(at: seoul("2026-11-30 22:01"))
            #expect(try other.notification(owner, .quest, "quest:2026-11-30")?.state == .cancelled)
            #expect(other.sender.attempts.isEmpty)
        }

        @Test("a test notification goes out at once, even in the quiet hours")
        func testNotificationAtOnce() throws {
            let world = NotificationWorld(now: seoul("2026-12-01 02:00"))
            try world.addChannel(owner)
            let test = try world.notifications.sendTest(ownerID: owner)
            #expect(test.dueAt == world.now)
            #expect(test.rule == .test)
            try world.notifications.deliverDue()
            #expect(world.sender.delivered.map(\.notificationID) == [test.id])
            #expect(try world.repository.notification(ownerID: owner, id: test.id)?.state == .sent)
        }

        @Test("the inbox lists sent unread notifications and marks them read")
        func inbox() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let first = try world.notifications.sendTest(ownerID: owner)
            world.advance(minutes: 1)
            let second = try world.notifications.sendTest(ownerID: owner)
            let later = try world.notifications.sendTest(ownerID: owner)
            // `later` is still pending when the inbox is read.
            var postponed = later
            postponed.dueAt = world.now.adding(hours: 1)
            postponed.nextAttemptAt = postponed.dueAt
            try world.repository.update(postponed)
            try world.notifications.deliverDue()

            #expect(try world.notifications.inbox(ownerID: owner, markRead: false).map(\.id) == [second.id, first.id])
            #expect(try world.notifications.inbox(ownerID: owner, markRead: true).map(\.id) == [second.id, first.id])
            #expect(try world.notifications.inbox(ownerID: owner, markRead: true).isEmpty)
            #expect(try world.repository.notification(ownerID: owner, id: first.id)?.readAt == world.now)
            #expect(try world.notifications.inbox(ownerID: "someone-else", markRead: true).isEmpty)
            #expect(try world.notifications.history(ownerID: owner, state: nil).count == 3)
            #expect(try world.notifications.history(ownerID: owner, state: .pending).map(\.id) == [later.id])
        }

        @Test("refreshEveryone plans every rule for the owners with reminders")
        func refreshEveryone() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 08:00"))
            try world.logDose(.rapid, owner: owner)
            try world.notifications.refreshEveryone()
            #expect(world.all(owner, .insulin).count == 4)
        }
    }

    // MARK: - Channels

    @Suite("Channels")
    struct Channels {
        let owner = NotificationRulesTests.owner

        @Test("a webhook gets a secret; ntfy with a token keeps the token")
        func secretsAndTokens() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let webhook = try world.notifications.addChannel(ownerID: owner, kind: .webhook, url: "https://hooks.example.org/x", token: nil)
            #expect(webhook.secret == "secret-1")
            #expect(webhook.token == nil)
            let ntfy = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: "https://ntfy.sh/topic", token: "tk_abc")
            #expect(ntfy.token == "tk_abc")
            #expect(ntfy.secret == nil)
            #expect(Set(try world.notifications.channels(ownerID: owner).map(\.id)) == [webhook.id, ntfy.id])
        }

        @Test("a token on a webhook, an empty token or a bad URL is refused")
        func refusedChannels() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let onWebhook = coupleError {
                _ = try world.notifications.addChannel(ownerID: owner, kind: .webhook, url: "https://hooks.example.org/x", token: "tk")
            }
            #expect(onWebhook?.code == "invalid_token")
            let empty = coupleError { _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: "https://ntfy.sh/t", token: "") }
            #expect(empty?.code == "invalid_token")
            let metadata = coupleError {
                _ = try world.notifications.addChannel(ownerID: owner, kind: .ntfy, url: "http://169.254.169.254/", token: nil)
            }
            #expect(metadata?.code == "invalid_channel_url")
            #expect(try world.notifications.channels(ownerID: owner).isEmpty)
        }

        @Test("at most 10 channels; a removed one frees a place")
        func atMostTen() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            var added: [NotificationChannel] = []
            for index in 0..<10 { added.append(try world.addChannel(owner, "https://ntfy.sh/t\(index)")) }
            let eleventh = coupleError { _ = try world.addChannel(owner, "https://ntfy.sh/t10") }
            #expect(eleventh?.code == "too_many_channels")
            #expect(eleventh?.kind == .conflict)
            #expect(try world.notifications.channels(ownerID: owner).count == 10)
            // Another owner is not limited by these.
            try world.addChannel("someone-else")

            try world.notifications.removeChannel(ownerID: owner, id: added[0].id)
            #expect(try world.notifications.channels(ownerID: owner).count == 9)
            #expect(try !world.notifications.channels(ownerID: owner).contains { $0.id == added[0].id })
            try world.addChannel(owner, "https://ntfy.sh/t10")
        }

        @Test("removing an unknown channel, or another owner's → channel_not_found")
        func removeUnknown() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let unknown = coupleError { try world.notifications.removeChannel(ownerID: owner, id: "nope") }
            #expect(unknown?.code == "channel_not_found")
            #expect(unknown?.kind == .notFound)
            let theirs = try world.addChannel("someone-else")
            let other = coupleError { try world.notifications.removeChannel(ownerID: owner, id: theirs.id) }
            #expect(other?.code == "channel_not_found")
            try world.notifications.removeChannel(ownerID: "someone-else", id: theirs.id)
            let twice = coupleError { try world.notifications.removeChannel(ownerID: "someone-else", id: theirs.id) }
            #expect(twice?.code == "channel_not_found")
        }

        @Test("a removed channel gets nothing more")
        func removedChannelGetsNothing() throws {
            let world = NotificationWorld(now: seoul("2026-11-30 12:00"))
            let channel = try world.addChannel(owner)
            try world.notifications.removeChannel(ownerID: owner, id: channel.id)
            _ = try world.notifications.sendTest(ownerID: owner)
            try world.notifications.deliverDue()
            #expect(world.sender.attempts.isEmpty)
        }
    }
}
