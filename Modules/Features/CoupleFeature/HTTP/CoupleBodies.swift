import FoundationEssentials
import Core
import Domain

// Request bodies of the couple endpoints (`CoupleAPI`): the routes decode them, `tend` encodes
// the same types.

struct JoinBody: Codable {
    let code: String
}

struct LocationBody: Codable {
    let city: String
    let lat: Double
    let lon: Double
}

struct MoodBody: Codable {
    let mood: String
    let status: String?
    let note: String?
}

struct MeetingBody: Codable {
    let date: String
    let place: String?
}

struct EventBody: Codable {
    let title: String
    let start: String
    let end: String?
    let allDay: Bool?
    let repeats: String?
    let whose: String?

    enum CodingKeys: String, CodingKey {
        case title, start, end, allDay = "all_day", repeats = "repeat", whose = "for"
    }

    func draft() throws -> CoupleUseCases.EventDraft {
        CoupleUseCases.EventDraft(title: title, start: start, end: end, isAllDay: allDay ?? false,
                                  recurrence: try EventBody.recurrence(repeats), scope: try EventBody.scope(whose ?? "us"))
    }

    static func recurrence(_ text: String?) throws -> EventRecurrence? {
        guard let text else { return nil }
        guard let value = EventRecurrence(rawValue: text) else {
            throw AppError.invalidInput("repeat must be yearly, monthly or weekly", code: "invalid_repeat")
        }
        return value
    }

    static func scope(_ text: String) throws -> EventScope {
        guard let value = EventScope(rawValue: text) else {
            throw AppError.invalidInput("for must be me, partner or us", code: "invalid_for")
        }
        return value
    }
}

/// `PATCH /v1/couple/events/{id}`: a field left out stays as it is; `end` and `repeat` tell
/// "leave as is" (absent) from "clear" (null).
struct EventPatchBody: Codable {
    var title: String?
    var start: String?
    var end: String?
    var hasEnd: Bool
    var allDay: Bool?
    var repeats: String?
    var hasRepeat: Bool
    var whose: String?

    enum CodingKeys: String, CodingKey {
        case title, start, end, allDay = "all_day", repeats = "repeat", whose = "for"
    }

    /// `end` and `repeats`: `.none` leaves them as they are, `.some(nil)` clears them.
    init(title: String? = nil, start: String? = nil, end: String?? = .none, allDay: Bool? = nil, repeats: String?? = .none,
         whose: String? = nil) {
        self.title = title
        self.start = start
        self.end = end ?? nil
        hasEnd = end != nil
        self.allDay = allDay
        self.repeats = repeats ?? nil
        hasRepeat = repeats != nil
        self.whose = whose
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        start = try container.decodeIfPresent(String.self, forKey: .start)
        end = try container.decodeIfPresent(String.self, forKey: .end)
        hasEnd = container.contains(.end)
        allDay = try container.decodeIfPresent(Bool.self, forKey: .allDay)
        repeats = try container.decodeIfPresent(String.self, forKey: .repeats)
        hasRepeat = container.contains(.repeats)
        whose = try container.decodeIfPresent(String.self, forKey: .whose)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(start, forKey: .start)
        if hasEnd { try container.encode(end, forKey: .end) }
        try container.encodeIfPresent(allDay, forKey: .allDay)
        if hasRepeat { try container.encode(repeats, forKey: .repeats) }
        try container.encodeIfPresent(whose, forKey: .whose)
    }

    /// The changes it asks for; a `repeat` or `for` of another value is a 400.
    func changes() throws -> CoupleUseCases.EventChanges {
        var changes = CoupleUseCases.EventChanges()
        changes.title = title
        changes.start = start
        changes.isAllDay = allDay
        if hasEnd { changes.end = .some(end) }
        if hasRepeat { changes.recurrence = .some(try EventBody.recurrence(repeats)) }
        if let whose { changes.scope = try EventBody.scope(whose) }
        return changes
    }
}

struct CareBody: Codable {
    let text: String
    let whose: String?
    let due: String?

    enum CodingKeys: String, CodingKey { case text, whose = "for", due }
}
