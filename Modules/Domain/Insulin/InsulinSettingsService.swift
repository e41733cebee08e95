import FoundationEssentials
import FoundationInternationalization
import Core

/// Reads the settings, creating them with defaults the first time, and applies changes.
public struct InsulinSettingsService: Sendable {
    let repository: any InsulinSettingsRepository
    let transactor: any Transactor
    let clock: any Clock
    /// The zone new settings start with, per owner (the system's on a device, the account's on the server).
    let defaultTimeZone: @Sendable (_ ownerID: String) -> String
    let events: any DomainEventSink

    public init(repository: any InsulinSettingsRepository, transactor: any Transactor, clock: any Clock,
                defaultTimeZone: @escaping @Sendable (_ ownerID: String) -> String = { _ in TimeZone.current.identifier },
                events: any DomainEventSink) {
        self.events = events
        self.repository = repository
        self.transactor = transactor
        self.clock = clock
        self.defaultTimeZone = defaultTimeZone
    }

    /// The owner's settings; the first call creates and stores the defaults.
    public func current(ownerID: String) throws -> InsulinSettings {
        if let existing = try repository.settings(ownerID: ownerID) { return existing }
        return try transactor.write {
            if let existing = try repository.settings(ownerID: ownerID) { return existing }
            let created = InsulinSettings.defaults(ownerID: ownerID, timeZoneIdentifier: defaultTimeZone(ownerID), now: clock.now)
            try repository.save(created)
            return created
        }
    }

    public func update(ownerID: String, _ changes: InsulinSettingsChanges) throws -> InsulinSettings {
        try changes.validate()
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            var settings = try current(ownerID: ownerID)
            changes.apply(to: &settings)
            settings.updatedAt = clock.now
            try repository.save(settings)
            return settings
        }
    }
}

/// A partial update of the settings: nil leaves a field as it is.
public struct InsulinSettingsChanges: Sendable, Equatable {
    public var longName: String?
    public var longUnits: Double?
    public var rapidName: String?
    public var rapidUnits: Double?
    public var dayStart: LocalTime?
    public var timeZoneIdentifier: String?
    public var longGuardMinutes: Int?
    public var rapidWindowMinutes: Int?
    public var reminder: LocalTime?

    public init(longName: String? = nil, longUnits: Double? = nil, rapidName: String? = nil, rapidUnits: Double? = nil,
                dayStart: LocalTime? = nil, timeZoneIdentifier: String? = nil, longGuardMinutes: Int? = nil,
                rapidWindowMinutes: Int? = nil, reminder: LocalTime? = nil) {
        self.longName = longName
        self.longUnits = longUnits
        self.rapidName = rapidName
        self.rapidUnits = rapidUnits
        self.dayStart = dayStart
        self.timeZoneIdentifier = timeZoneIdentifier
        self.longGuardMinutes = longGuardMinutes
        self.rapidWindowMinutes = rapidWindowMinutes
        self.reminder = reminder
    }

    public var isEmpty: Bool { self == InsulinSettingsChanges() }

    public func validate() throws {
        for (field, name) in [("long name", longName), ("rapid name", rapidName)] {
            guard let name else { continue }
            let trimmed = name.trimmed
            guard !trimmed.isEmpty, trimmed.count <= 60 else {
                throw AppError.invalidInput("the \(field) must be 1 to 60 characters", code: "invalid_settings").with(key: "name")
            }
        }
        if let longUnits { try DoseRules.validate(units: longUnits) }
        if let rapidUnits { try DoseRules.validate(units: rapidUnits) }
        if let dayStart, dayStart.minutes > 12 * 60 {
            throw AppError.invalidInput("the insulin day must start between 00:00 and 12:00 (got \(dayStart))", code: "invalid_settings")
                .with(key: "day_start", ["time": "\(dayStart)"])
        }
        if let timeZoneIdentifier, TimeZone(identifier: timeZoneIdentifier) == nil {
            throw AppError.invalidInput("unknown time zone '\(timeZoneIdentifier)' (use a name such as Asia/Seoul or Europe/Berlin)",
                                        code: "invalid_time_zone")
                .with(["zone": timeZoneIdentifier])
        }
        if let longGuardMinutes, !(0...(48 * 60)).contains(longGuardMinutes) {
            throw AppError.invalidInput("the long-acting guard must be 0 to 48 hours", code: "invalid_settings").with(key: "long_guard")
        }
        if let rapidWindowMinutes, !(0...240).contains(rapidWindowMinutes) {
            throw AppError.invalidInput("the rapid double-tap window must be 0 to 240 minutes", code: "invalid_settings")
                .with(key: "rapid_window")
        }
    }

    func apply(to settings: inout InsulinSettings) {
        if let longName { settings.longName = longName.trimmed }
        if let longUnits { settings.longUnits = longUnits }
        if let rapidName { settings.rapidName = rapidName.trimmed }
        if let rapidUnits { settings.rapidUnits = rapidUnits }
        if let dayStart { settings.dayStart = dayStart }
        if let timeZoneIdentifier { settings.timeZoneIdentifier = timeZoneIdentifier }
        if let longGuardMinutes { settings.longGuardMinutes = longGuardMinutes }
        if let rapidWindowMinutes { settings.rapidWindowMinutes = rapidWindowMinutes }
        if let reminder { settings.reminder = reminder }
    }
}
