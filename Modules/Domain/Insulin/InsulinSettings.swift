import FoundationEssentials
import FoundationInternationalization
import Core

/// A person's insulin set-up, created with defaults the first time the log is used.
public struct InsulinSettings: Sendable, Equatable {
    public let id: String
    public let ownerID: String
    public var longName: String
    public var longUnits: Double
    public var rapidName: String
    public var rapidUnits: Double
    /// When the insulin day starts: a dose before this wall time belongs to the previous day.
    public var dayStart: LocalTime
    public var timeZoneIdentifier: String {
        didSet { timeZone = TimeZone(stored: timeZoneIdentifier) }
    }
    /// Made once from the identifier: every date in a status or a calendar goes through it.
    public private(set) var timeZone: TimeZone
    /// Two long-acting doses closer than this are refused as a likely double dose.
    public var longGuardMinutes: Int
    /// Two rapid-acting doses of the same units closer than this are refused as a double tap.
    public var rapidWindowMinutes: Int
    public var reminder: LocalTime
    /// When the log was first used: elapsed days for adherence count from here.
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerID: String, longName: String, longUnits: Double, rapidName: String,
                rapidUnits: Double, dayStart: LocalTime, timeZoneIdentifier: String, longGuardMinutes: Int,
                rapidWindowMinutes: Int, reminder: LocalTime, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.longName = longName
        self.longUnits = longUnits
        self.rapidName = rapidName
        self.rapidUnits = rapidUnits
        self.dayStart = dayStart
        self.timeZoneIdentifier = timeZoneIdentifier
        self.timeZone = TimeZone(stored: timeZoneIdentifier)
        self.longGuardMinutes = longGuardMinutes
        self.rapidWindowMinutes = rapidWindowMinutes
        self.reminder = reminder
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The names a person starts with; left untouched, screens may show their own words for them.
    public static let defaultLongName = "Long-acting", defaultRapidName = "Rapid-acting"

    /// Whether this kind still has its default name.
    public func hasDefaultName(_ kind: InsulinKind) -> Bool {
        name(of: kind) == (kind == .long ? Self.defaultLongName : Self.defaultRapidName)
    }

    public static func defaults(ownerID: String, timeZoneIdentifier: String, now: Date) -> InsulinSettings {
        InsulinSettings(
            id: UUIDv7.makeString(at: now), ownerID: ownerID,
            longName: defaultLongName, longUnits: 10, rapidName: defaultRapidName, rapidUnits: 4,
            dayStart: LocalTime(hour: 4, minute: 0)!, timeZoneIdentifier: timeZoneIdentifier,
            longGuardMinutes: 12 * 60, rapidWindowMinutes: 10, reminder: LocalTime(hour: 22, minute: 0)!,
            createdAt: now, updatedAt: now
        )
    }

    public func name(of kind: InsulinKind) -> String {
        kind == .long ? longName : rapidName
    }

    public func defaultUnits(of kind: InsulinKind) -> Double {
        kind == .long ? longUnits : rapidUnits
    }

    public var insulinDays: InsulinDayCalendar {
        InsulinDayCalendar(timeZone: timeZone, dayStart: dayStart)
    }
}
