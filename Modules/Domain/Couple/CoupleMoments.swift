import FoundationEssentials
import Core

/// How a member feels today.
public enum Mood: String, Sendable, Codable, CaseIterable {
    case happy, calm, excited, loving, tired, sad, stressed, sick

    public var emoji: String {
        switch self {
        case .happy: "😊"
        case .calm: "😌"
        case .excited: "🤩"
        case .loving: "🥰"
        case .tired: "😪"
        case .sad: "😢"
        case .stressed: "😣"
        case .sick: "🤒"
        }
    }
}

/// One member's mood on one of their local days; setting it again that day replaces it.
public struct MoodEntry: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public let authorID: String
    public let day: LocalDate
    public var mood: Mood
    public var status: String?
    public var note: String?
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, coupleID: String, authorID: String, day: LocalDate, mood: Mood, status: String?, note: String?,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.coupleID = coupleID
        self.authorID = authorID
        self.day = day
        self.mood = mood
        self.status = status
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A planned meeting. The upcoming one is replaced when set again; past ones are kept.
public struct Meeting: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public var authorID: String
    public var day: LocalDate
    public var place: String?
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, coupleID: String, authorID: String, day: LocalDate, place: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.coupleID = coupleID
        self.authorID = authorID
        self.day = day
        self.place = place
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `D-12`, `D-day`, `D+3`, counted from `today`.
    public static func dDay(_ day: LocalDate, from today: LocalDate) -> String {
        let days = today.days(until: day)
        if days == 0 { return "D-day" }
        return days > 0 ? "D-\(days)" : "D+\(-days)"
    }
}

/// A small thing to care about, for oneself or the partner.
public struct CareItem: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public let authorID: String
    public let forAccountID: String
    public var text: String
    public var due: LocalDate?
    public var doneBy: String?
    public var doneAt: Date?
    /// The local date of the member who completed it: the bridge counts it on that day.
    public var doneDay: LocalDate?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, coupleID: String, authorID: String, forAccountID: String, text: String, due: LocalDate?,
                doneBy: String? = nil, doneAt: Date? = nil, doneDay: LocalDate? = nil, createdAt: Date, updatedAt: Date,
                deletedAt: Date? = nil) {
        self.id = id
        self.coupleID = coupleID
        self.authorID = authorID
        self.forAccountID = forAccountID
        self.text = text
        self.due = due
        self.doneBy = doneBy
        self.doneAt = doneAt
        self.doneDay = doneDay
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    public var isDone: Bool { doneAt != nil }
}

/// One member's photo of one of their local days. The bytes live in the photo store under
/// their SHA-256, already stripped of location-bearing metadata.
public struct CouplePhoto: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public let authorID: String
    public let day: LocalDate
    public var sha256: String
    public var format: PhotoFormat
    public var byteCount: Int
    public var caption: String?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, coupleID: String, authorID: String, day: LocalDate, sha256: String, format: PhotoFormat, byteCount: Int,
                caption: String?, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.coupleID = coupleID
        self.authorID = authorID
        self.day = day
        self.sha256 = sha256
        self.format = format
        self.byteCount = byteCount
        self.caption = caption
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// "Checked the calendar today", per member and local day.
public struct CalendarCheck: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public let accountID: String
    public let day: LocalDate
    public let createdAt: Date

    public init(id: String, coupleID: String, accountID: String, day: LocalDate, createdAt: Date) {
        self.id = id
        self.coupleID = coupleID
        self.accountID = accountID
        self.day = day
        self.createdAt = createdAt
    }
}
