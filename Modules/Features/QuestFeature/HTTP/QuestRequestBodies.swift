import Core
import Domain

/// The JSON bodies the quest routes read.
struct JourneyStartBody: Decodable {
    let nickname: String?
    let feeling: String?
    let style: String?
    let paceDays: Int?

    enum CodingKeys: String, CodingKey {
        case nickname, feeling, style, paceDays = "pace_days"
    }

    func parsedFeeling() throws -> Feeling {
        guard let feeling, let parsed = Feeling(word: feeling) else {
            let feelings = Feeling.allCases.map(\.rawValue).joined(separator: ", ")
            throw AppError.invalidInput("field 'feeling' must be one of \(feelings)", code: "invalid_field")
        }
        return parsed
    }

    func parsedStyle() throws -> QuestStyle? {
        guard let style else { return nil }
        guard let parsed = QuestInput.style(style) else {
            throw AppError.invalidInput("field 'style' must be question or action", code: "invalid_field")
        }
        return parsed
    }
}

struct AnswerBody: Decodable {
    let text: String
}

struct DoneBody: Decodable {
    let reflection: String?
    let felt: String?

    func parsedFelt() throws -> QuestFelt? {
        guard let felt else { return nil }
        guard let parsed = QuestFelt(word: felt) else {
            throw AppError.invalidInput("field 'felt' must be better, same or harder", code: "invalid_field")
        }
        return parsed
    }
}

/// Either or both: what is left out stays as it is.
struct ReminderBody: Decodable {
    /// HH:MM, as `reminder` in the insulin settings.
    let reminder: String?
    /// false switches the reminder off (its time is kept), true on again.
    let reminderEnabled: Bool?

    enum CodingKeys: String, CodingKey {
        case reminder, reminderEnabled = "reminder_enabled"
    }
}
