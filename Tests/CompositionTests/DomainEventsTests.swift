import Foundation
import Synchronization
import Testing
import Console
import Core
import Domain
import HTTP
@testable import Composition

/// Every write has the same cross-feature effects, whoever made it: a dose logged through `tend`
/// and one posted to the API both cancel tonight's insulin reminder, through the one event bus.
@Suite("Domain events: a CLI write and an API write re-plan alike")
struct DomainEventsTests {
    /// 21:00 in Seoul: tonight's long-acting reminder is due at 22:00.
    static let now = ISO8601.parseInstant("2026-11-30T21:00:00+09:00")!

    /// Tonight's pending insulin reminders (22:00 and the 23:00 follow-up); tomorrow's stay planned.
    func pendingReminders(_ container: Container, owner: String) throws -> [Domain.Notification] {
        try container.notifications.history(ownerID: owner, state: .pending)
            .filter { $0.rule == .insulin && $0.occasion.hasPrefix("insulin:2026-11-30:") }
    }

    @Test func aDoseLoggedWithTendCancelsTheReminder() throws {
        let container = try Container.inMemory(clock: FixedClock(Self.now), timeZone: "Asia/Seoul")
        // Someone who uses the insulin log (a rapid dose at lunch) gets tonight's reminder.
        _ = try container.insulin.logDose(ownerID: Owner.local, .init(kind: .rapid, units: 4, takenAt: Self.now.addingTimeInterval(-8 * 3600)))
        try container.notifications.refresh(ownerID: Owner.local, rule: .insulin)
        #expect(try pendingReminders(container, owner: Owner.local).count == 2)

        let tend = TendCommandLine(environment: ["TZ": "Asia/Seoul"], container: container)
        let (output, captured) = Output.capturing()
        #expect(tend.run(["insulin", "log", "long"], output: output) == 0, "\(captured.stderr)")
        #expect(try pendingReminders(container, owner: Owner.local).isEmpty)
        // Deleting it brings the reminder back, as after an API delete.
        #expect(tend.run(["insulin", "delete", "last"], output: output) == 0)
        #expect(try pendingReminders(container, owner: Owner.local).count == 2)
    }

    @Test func aDosePostedToTheAPICancelsTheReminder() throws {
        let container = try Container.inMemory(clock: FixedClock(Self.now), timeZone: "Asia/Seoul")
        let api = ServerApplication.make(container: container, logger: nil)
        func send(_ method: String, _ path: String, _ json: [String: Any], token: String? = nil) -> [String: Any] {
            var headers = ["Content-Type": "application/json"]
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let body = try! JSONSerialization.data(withJSONObject: json)
            let response = api.respond(to: HTTPRequest(method: method, path: path, query: [:], headers: headers, body: body))
            return (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        }
        let account = send("POST", "/v1/accounts", ["email": "a@example.com", "password": "correct horse battery",
                                                    "display_name": "A", "time_zone": "Asia/Seoul"])
        let owner = try #require(account["id"] as? String)
        let token = try #require(send("POST", "/v1/sessions", ["email": "a@example.com", "password": "correct horse battery"])["token"] as? String)
        _ = send("POST", "/v1/insulin/doses", ["kind": "rapid", "units": 4, "taken_at": "2026-11-30T13:00:00+09:00"], token: token)
        container.notifications.refreshRequested()
        #expect(try pendingReminders(container, owner: owner).count == 2)

        _ = send("POST", "/v1/insulin/doses", ["kind": "long"], token: token)
        container.notifications.refreshRequested() // what the scheduler does on its next round
        #expect(try pendingReminders(container, owner: owner).isEmpty)
    }

    @Test func aSupplementTakenAndAProfileChangedReachPlanningThroughTheBus() throws {
        let container = try Container.inMemory(clock: FixedClock(Self.now), timeZone: "Asia/Seoul")
        let heard = HeardEvents()
        container.events.subscribe { heard.append($0) }
        _ = try container.supplements.add(ownerID: Owner.local, name: "zinc", amount: 15, unit: "mg", times: [LocalTime("08:00")!], weekdays: [])
        _ = try container.supplements.take(ownerID: Owner.local, name: "zinc")
        #expect(heard.events == [.supplementsChanged(ownerID: Owner.local), .supplementsChanged(ownerID: Owner.local)])
        #expect(NotificationUseCases.rules(affectedBy: .profileChanged(ownerID: "x")) == [.insulin, .quest, .supplement])
        // A refused write publishes nothing.
        #expect(throws: AppError.self) { _ = try container.supplements.take(ownerID: Owner.local, name: "iron") }
        #expect(heard.events.count == 2)
    }
}

final class HeardEvents: Sendable {
    private let stored = Mutex<[DomainEvent]>([])
    var events: [DomainEvent] { stored.withLock { $0 } }
    func append(_ event: DomainEvent) { stored.withLock { $0.append(event) } }
}
