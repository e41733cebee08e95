import Core
import Domain
import Foundation
import Testing

@Suite("Contract: NotificationRepository")
struct NotificationRepositoryContract {
    func notification(_ id: String, owner: String = "ana", rule: NotificationRule = .insulin, occasion: String? = nil, due offset: Int64,
                      state: NotificationState = .pending, next: Int64? = nil) -> Domain.Notification {
        Domain.Notification(id: id, ownerID: owner, rule: rule, occasion: occasion ?? "\(rule.rawValue):\(id)", title: "Title \(id)",
                            body: "Body", dueAt: Contract.at(offset), state: state, nextAttemptAt: next.map(Contract.at),
                            createdAt: Contract.at(0), updatedAt: Contract.at(0))
    }

    // MARK: The outbox

    @Test("every field round-trips, optionals nil and set; found by id and by occasion", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let bare = notification("n1", due: Contract.hour)
        let full = Domain.Notification(
            id: "n2", ownerID: "ana", rule: .quest, occasion: "quest:2026-11-30", title: "오늘의 퀘스트", body: "Quest 3 is open",
            priority: 5, tags: ["seedling", "bori"], dueAt: Contract.at(Contract.hour), state: .sent, attempts: 2,
            nextAttemptAt: Contract.at(Contract.hour + Contract.minute), firstAttemptAt: Contract.at(Contract.hour),
            lastError: "503 from ntfy", deliveredTo: ["ch1", "ch2"], sentAt: Contract.at(Contract.hour + 2 * Contract.minute),
            readAt: Contract.at(2 * Contract.hour), createdAt: Contract.at(1), updatedAt: Contract.at(2))
        try stores.notifications.insert(bare)
        try stores.notifications.insert(full)
        #expect(try stores.notifications.notification(ownerID: "ana", id: "n1") == bare)
        #expect(try stores.notifications.notification(ownerID: "ana", id: "n2") == full)
        #expect(try stores.notifications.notification(ownerID: "ben", id: "n2") == nil)
        #expect(try stores.notifications.notification(ownerID: "ana", rule: .quest, occasion: "quest:2026-11-30") == full)
        #expect(try stores.notifications.notification(ownerID: "ana", rule: .insulin, occasion: "quest:2026-11-30") == nil)
        #expect(try stores.notifications.notification(ownerID: "ben", rule: .quest, occasion: "quest:2026-11-30") == nil)
        #expect(throws: (any Error).self) { try stores.notifications.insert(bare) }
    }

    @Test("an update saves what can change; a settled one is still found by its occasion", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var queued = notification("n1", occasion: "insulin:2026-11-30:1", due: Contract.hour)
        try stores.notifications.insert(queued)
        queued.title = "Long-acting dose"
        queued.body = "It is 22:00"
        queued.priority = 4
        queued.tags = ["syringe"]
        queued.dueAt = Contract.at(2 * Contract.hour)
        queued.state = .cancelled
        queued.attempts = 3
        queued.nextAttemptAt = Contract.at(3 * Contract.hour)
        queued.firstAttemptAt = Contract.at(2 * Contract.hour)
        queued.lastError = "timed out"
        queued.deliveredTo = ["ch1"]
        queued.sentAt = Contract.at(2 * Contract.hour + 5)
        queued.readAt = Contract.at(4 * Contract.hour)
        queued.updatedAt = Contract.at(4 * Contract.hour)
        try stores.notifications.update(queued)
        #expect(try stores.notifications.notification(ownerID: "ana", id: "n1") == queued)
        // The same occasion is never queued twice: a cancelled notification still answers for it.
        #expect(try stores.notifications.notification(ownerID: "ana", rule: .insulin, occasion: "insulin:2026-11-30:1") == queued)
        queued.tags = []
        queued.deliveredTo = []
        queued.lastError = nil
        try stores.notifications.update(queued)
        #expect(try stores.notifications.notification(ownerID: "ana", id: "n1") == queued)
    }

    @Test("pending: the owner's pending ones of the rule, by due time", arguments: Backend.allCases)
    func pending(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.notifications.insert(notification("late", due: 2 * Contract.hour))
        try stores.notifications.insert(notification("early", due: Contract.hour))
        try stores.notifications.insert(notification("sent", due: Contract.hour, state: .sent))
        try stores.notifications.insert(notification("quest", rule: .quest, due: Contract.hour))
        try stores.notifications.insert(notification("theirs", owner: "ben", due: Contract.hour))
        #expect(try stores.notifications.pending(ownerID: "ana", rule: .insulin).map(\.id) == ["early", "late"])
        #expect(try stores.notifications.pending(ownerID: "ana", rule: .quest).map(\.id) == ["quest"])
        #expect(try stores.notifications.pending(ownerID: "ana", rule: .couple).isEmpty)
    }

    @Test("due: pending ones of every owner whose next attempt is at or before the instant, oldest first, at most the limit",
          arguments: Backend.allCases)
    func due(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.notifications.nextAttempt() == nil)
        try stores.notifications.insert(notification("b", due: 0, next: 2 * Contract.minute))
        try stores.notifications.insert(notification("a", owner: "ben", due: 0, next: Contract.minute))
        try stores.notifications.insert(notification("c", due: 0, next: 3 * Contract.minute))
        try stores.notifications.insert(notification("later", due: 0, next: Contract.hour))
        try stores.notifications.insert(notification("sent", due: 0, state: .sent, next: 0))
        try stores.notifications.insert(notification("failed", due: 0, state: .failed, next: 0))

        #expect(try stores.notifications.due(at: Contract.at(3 * Contract.minute), limit: 10).map(\.id) == ["a", "b", "c"])
        #expect(try stores.notifications.due(at: Contract.at(3 * Contract.minute - 1), limit: 10).map(\.id) == ["a", "b"])
        #expect(try stores.notifications.due(at: Contract.at(3 * Contract.minute), limit: 2).map(\.id) == ["a", "b"])
        #expect(try stores.notifications.due(at: Contract.at(0), limit: 10).isEmpty)
        #expect(try stores.notifications.nextAttempt() == Contract.at(Contract.minute))
    }

    @Test("an owner's notifications: newest due first, by state, at most the limit", arguments: Backend.allCases)
    func history(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.notifications.insert(notification("old", due: 0, state: .sent))
        try stores.notifications.insert(notification("new", due: 2 * Contract.hour))
        try stores.notifications.insert(notification("mid", due: Contract.hour, state: .cancelled))
        try stores.notifications.insert(notification("theirs", owner: "ben", due: Contract.hour))
        #expect(try stores.notifications.notifications(ownerID: "ana", state: nil, limit: 10).map(\.id) == ["new", "mid", "old"])
        #expect(try stores.notifications.notifications(ownerID: "ana", state: nil, limit: 2).map(\.id) == ["new", "mid"])
        #expect(try stores.notifications.notifications(ownerID: "ana", state: .sent, limit: 10).map(\.id) == ["old"])
        #expect(try stores.notifications.notifications(ownerID: "ana", state: .failed, limit: 10).isEmpty)
        #expect(try stores.notifications.notifications(ownerID: "ben", state: nil, limit: 10).map(\.id) == ["theirs"])
    }

    @Test("owners with reminders: those with live doses, journeys or supplements, each once", arguments: Backend.allCases)
    func ownersWithReminders(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.notifications.ownersWithReminders().isEmpty)
        try stores.doses.insert(Dose(id: "d1", ownerID: "ana", kind: .long, units: 10, takenAt: Contract.t0, note: nil, createdAt: Contract.t0,
                                     updatedAt: Contract.t0))
        try stores.doses.insert(Dose(id: "d2", ownerID: "ana", kind: .rapid, units: 4, takenAt: Contract.t0, note: nil, createdAt: Contract.t0,
                                     updatedAt: Contract.t0))
        try stores.journeys.insert(contractJourney("j1", owner: "ben"))
        try stores.supplements.save(Supplement(id: "s1", ownerID: "cleo", name: "zinc", amount: 1, unit: "tab", times: [], weekdays: [],
                                               createdAt: Contract.t0, updatedAt: Contract.t0))
        try stores.doses.insert(Dose(id: "d3", ownerID: "dan", kind: .long, units: 10, takenAt: Contract.t0, note: nil, createdAt: Contract.t0,
                                     updatedAt: Contract.t0, deletedAt: Contract.t0))
        try stores.notifications.insert(notification("n1", owner: "eve", due: 0))
        #expect(Set(try stores.notifications.ownersWithReminders()) == ["ana", "ben", "cleo"])
        #expect(try stores.notifications.ownersWithReminders().count == 3)
    }

    // MARK: Channels and quiet hours

    @Test("channels: the owner's live ones, oldest first; an update saves the deletion", arguments: Backend.allCases)
    func channels(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let ntfy = NotificationChannel(id: "ch1", ownerID: "ana", kind: .ntfy, url: "https://ntfy.sh/tend-ana", token: "tk_secret",
                                       secret: nil, createdAt: Contract.at(1))
        let hook = NotificationChannel(id: "ch2", ownerID: "ana", kind: .webhook, url: "https://example.org/hook", token: nil,
                                       secret: "whsec", createdAt: Contract.at(0))
        let theirs = NotificationChannel(id: "ch3", ownerID: "ben", kind: .ntfy, url: "https://ntfy.sh/ben", token: nil, secret: nil,
                                         createdAt: Contract.at(0))
        for channel in [ntfy, hook, theirs] { try stores.notifications.insert(channel) }
        #expect(try stores.notifications.channels(ownerID: "ana") == [hook, ntfy])
        #expect(try stores.notifications.channels(ownerID: "ben") == [theirs])

        var removed = hook
        removed.deletedAt = Contract.at(Contract.hour)
        try stores.notifications.update(removed)
        #expect(try stores.notifications.channels(ownerID: "ana") == [ntfy])
        #expect(throws: (any Error).self) { try stores.notifications.insert(ntfy) }
    }

    @Test("quiet hours: one pair per owner, replaced on save", arguments: Backend.allCases)
    func quietHours(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.notifications.quietHours(ownerID: "ana") == nil)
        try stores.notifications.save(QuietHours(from: Contract.time("23:00"), to: Contract.time("07:00")), ownerID: "ana", at: Contract.at(0))
        try stores.notifications.save(QuietHours(from: Contract.time("22:30"), to: Contract.time("06:15")), ownerID: "ana", at: Contract.at(1))
        try stores.notifications.save(QuietHours(from: Contract.time("00:00"), to: Contract.time("00:00")), ownerID: "ben", at: Contract.at(1))
        #expect(try stores.notifications.quietHours(ownerID: "ana") == QuietHours(from: Contract.time("22:30"), to: Contract.time("06:15")))
        #expect(try stores.notifications.quietHours(ownerID: "ben") == QuietHours(from: Contract.time("00:00"), to: Contract.time("00:00")))
    }
}
