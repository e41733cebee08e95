import FoundationEssentials
import Core
import Domain

// The shared calendar and the care list's answers. The same types encode on the server and decode
// in `tend`; each is made from the domain in an extension, so a test can also write one field by
// field.

struct EventJSON: Codable, Sendable {
    let id: String
    /// What a person types to delete it.
    let handle: String
    let title: String
    let whose: String
    let allDay: Bool
    /// `YYYY-MM-DD` for all-day events, else an instant in the viewer's zone.
    let start: String
    let end: String?
    let repeats: String?
    let authorID: String

    enum CodingKeys: String, CodingKey {
        case id, handle, title, whose = "for", allDay = "all_day", start, end, repeats = "repeat", authorID = "author_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(title, forKey: .title)
        try container.encode(whose, forKey: .whose)
        try container.encode(allDay, forKey: .allDay)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(repeats, forKey: .repeats)
        try container.encode(authorID, forKey: .authorID)
    }
}

struct CareJSON: Codable, Sendable {
    let id: String
    /// What a person types to mark it done or delete it.
    let handle: String
    let text: String
    let whose: String
    let forAccountID: String
    let authorID: String
    let due: String?
    let done: Bool
    let doneBy: String?
    let doneAt: String?

    enum CodingKeys: String, CodingKey {
        case id, handle, text, whose = "for", forAccountID = "for_account_id", authorID = "author_id", due, done, doneBy = "done_by",
             doneAt = "done_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(text, forKey: .text)
        try container.encode(whose, forKey: .whose)
        try container.encode(forAccountID, forKey: .forAccountID)
        try container.encode(authorID, forKey: .authorID)
        try container.encode(due, forKey: .due)
        try container.encode(done, forKey: .done)
        try container.encode(doneBy, forKey: .doneBy)
        try container.encode(doneAt, forKey: .doneAt)
    }
}

struct EventList: Codable, Sendable {
    let events: [EventJSON]
}

/// That a member looked at the calendar on a day (it counts toward the bridge).
struct CalendarCheckJSON: Codable, Sendable {
    let date: String
    let accountID: String

    enum CodingKeys: String, CodingKey { case date, accountID = "account_id" }
}

struct CareList: Codable, Sendable {
    let care: [CareJSON]
}

// MARK: - Made from the domain

extension EventJSON {
    init(_ event: CalendarEvent, viewer: String, zone: TimeZone) {
        self.init(event: event, startDay: event.startDay, endDay: event.endDay, startsAt: event.startsAt, endsAt: event.endsAt,
                  viewer: viewer, zone: zone)
    }

    init(_ occurrence: EventOccurrence, viewer: String, zone: TimeZone) {
        self.init(event: occurrence.event, startDay: occurrence.startDay, endDay: occurrence.endDay, startsAt: occurrence.startsAt,
                  endsAt: occurrence.endsAt, viewer: viewer, zone: zone)
    }

    private init(event: CalendarEvent, startDay: LocalDate, endDay: LocalDate, startsAt: Date?, endsAt: Date?,
                 viewer: String, zone: TimeZone) {
        id = event.id
        handle = Handle.of(event.id)
        title = event.title
        whose = event.scope(for: viewer).rawValue
        allDay = event.isAllDay
        if let startsAt {
            start = ISO8601.format(startsAt, in: zone)
            end = endsAt.map { ISO8601.format($0, in: zone) }
        } else {
            start = startDay.description
            end = endDay == startDay ? nil : endDay.description
        }
        repeats = event.recurrence?.rawValue
        authorID = event.authorID
    }
}

extension CareJSON {
    init(_ item: CareItem, viewer: String, zone: TimeZone) {
        id = item.id
        handle = Handle.of(item.id)
        text = item.text
        whose = item.forAccountID == viewer ? "me" : "partner"
        forAccountID = item.forAccountID
        authorID = item.authorID
        due = item.due?.description
        done = item.isDone
        doneBy = item.doneBy
        doneAt = item.doneAt.map { ISO8601.format($0, in: zone) }
    }
}
