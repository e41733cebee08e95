import FoundationEssentials
import Core

/// The seed's 퀘스트 알림: the time of the daily quest reminder, and whether it comes at all.
/// Each change publishes `.questChanged`, so notification planning drops tonight's reminder when
/// it is switched off and plans it again when it is switched on.
extension QuestUseCases {
    /// The reminder's time when nobody chose one.
    public static let defaultReminder = LocalTime(hour: 21, minute: 0)!

    public func settings(ownerID: String) throws -> QuestSettings {
        if let settings = try settingsRepository.settings(ownerID: ownerID) { return settings }
        let now = clock.now
        return QuestSettings(id: UUIDv7.makeString(at: now), ownerID: ownerID, reminder: Self.defaultReminder,
                             createdAt: now, updatedAt: now)
    }

    public func setReminder(ownerID: String, at time: LocalTime) throws -> QuestSettings {
        try updateReminder(ownerID: ownerID, at: time, enabled: nil)
    }

    /// Switches the reminder off or on; its time stays as it was.
    public func switchReminder(ownerID: String, on enabled: Bool) throws -> QuestSettings {
        try updateReminder(ownerID: ownerID, at: nil, enabled: enabled)
    }

    /// The time, the switch or both, in one transaction; nil leaves that part as it is.
    public func updateReminder(ownerID: String, at time: LocalTime?, enabled: Bool?) throws -> QuestSettings {
        guard time != nil || enabled != nil else {
            throw AppError.invalidInput("give the reminder's time, or switch it on or off", code: "nothing_to_change")
        }
        return try transactor.write(publishing: .questChanged(ownerID: ownerID), to: events) {
            var settings = try settings(ownerID: ownerID)
            if let time { settings.reminder = time }
            if let enabled { settings.reminderEnabled = enabled }
            settings.updatedAt = clock.now
            try settingsRepository.save(settings)
            return settings
        }
    }
}
