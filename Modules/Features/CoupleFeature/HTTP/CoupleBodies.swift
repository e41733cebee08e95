import FoundationEssentials
import Core
import Domain
import HTTP

// Request bodies of the couple routes; `tend` encodes the same types.

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

/// A PATCH tells "leave as is" (absent) from "clear" (null) for `end` and `repeat`.
enum EventPatchBody {
    static func changes(from body: Data) throws -> CoupleUseCases.EventChanges {
        let request = HTTPRequest(method: "PATCH", path: "", body: body)
        let fields = try request.decode(Fields.self)
        var changes = CoupleUseCases.EventChanges()
        changes.title = fields.title
        changes.start = fields.start
        changes.isAllDay = fields.allDay
        if fields.hasEnd { changes.end = .some(fields.end) }
        if fields.hasRepeat { changes.recurrence = .some(try EventBody.recurrence(fields.repeats)) }
        if let whose = fields.whose { changes.scope = try EventBody.scope(whose) }
        return changes
    }

    struct Fields: Decodable {
        let title: String?
        let start: String?
        let end: String?
        let hasEnd: Bool
        let allDay: Bool?
        let repeats: String?
        let hasRepeat: Bool
        let whose: String?

        enum CodingKeys: String, CodingKey {
            case title, start, end, allDay = "all_day", repeats = "repeat", whose = "for"
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
    }
}

struct CareBody: Codable {
    let text: String
    let whose: String?
    let due: String?

    enum CodingKeys: String, CodingKey { case text, whose = "for", due }
}
