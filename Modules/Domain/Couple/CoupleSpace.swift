import FoundationEssentials
import Core

/// What the two write into their space: moods and the next meeting here; the calendar, the
/// care list and the photo of the day beside it. Each day is the author's own local date.
extension CoupleUseCases {
    public static let maximumStatusLength = 60
    public static let maximumNoteLength = 500
    public static let maximumTitleLength = 100
    public static let maximumCareLength = 200
    public static let maximumCaptionLength = 200
    public static let maximumPlaceLength = 100

    // MARK: Mood

    /// Today's mood; a second one the same day replaces the first.
    public func setMood(accountID: String, mood: Mood, status: String?, note: String?) throws -> MoodEntry {
        let status = try Self.optionalText(status, field: "status", limit: Self.maximumStatusLength)
        let note = try Self.optionalText(note, field: "note", limit: Self.maximumNoteLength)
        let now = clock.now
        let day = today(of: accountID)
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            var entry = try couples.mood(coupleID: couple.id, authorID: accountID, day: day)
                ?? MoodEntry(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, day: day, mood: mood,
                             status: status, note: note, createdAt: now, updatedAt: now)
            entry.mood = mood
            entry.status = status
            entry.note = note
            entry.updatedAt = now
            try couples.save(entry)
            return entry
        }.also { entry in
            announce(accountID: accountID) { partner in .moodShared(entry, recipientID: partner) }
        }
    }

    /// Both members' moods between two dates (default: the last 30 days, and tomorrow for a
    /// partner whose date is already ahead).
    public func moods(accountID: String, from first: LocalDate?, through last: LocalDate?) throws -> [MoodEntry] {
        let couple = try activeCouple(accountID: accountID)
        let last = last ?? today(of: accountID).adding(days: 1)
        let first = first ?? last.adding(days: -30)
        try Self.checkRange(first, last)
        return try couples.moods(coupleID: couple.id, from: first, through: last)
    }

    // MARK: Meeting

    /// Sets the next meeting: replaces the upcoming one, or adds one when every meeting is past.
    public func setMeeting(accountID: String, day: LocalDate, place: String?) throws -> Meeting {
        let place = try Self.optionalText(place, field: "place", limit: Self.maximumPlaceLength)
        let today = today(of: accountID)
        guard day >= today else {
            throw AppError.invalidInput("the meeting date \(day) is in the past", code: "invalid_date")
        }
        guard today.days(until: day) <= 3660 else {
            throw AppError.invalidInput("the meeting date must be within 10 years", code: "invalid_date")
        }
        let now = clock.now
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            let upcoming = try couples.meetings(coupleID: couple.id).filter { $0.day >= today }.min { $0.day < $1.day }
            var meeting = upcoming ?? Meeting(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, day: day,
                                              place: place, createdAt: now, updatedAt: now)
            meeting.authorID = accountID
            meeting.day = day
            meeting.place = place
            meeting.updatedAt = now
            try couples.save(meeting)
            return meeting
        }.also { meeting in
            if let couple = try? activeCouple(accountID: accountID) { events.send(.meetingSet(meeting, memberIDs: couple.memberIDs)) }
        }
    }

    /// Every meeting, newest first.
    public func meetings(accountID: String) throws -> [Meeting] {
        let couple = try activeCouple(accountID: accountID)
        return try couples.meetings(coupleID: couple.id).sorted { $0.day > $1.day }
    }

    /// The meeting's D-day as each member of the caller's couple counts it on their own date.
    public func countdowns(accountID: String, to meeting: Meeting) throws -> [String: String] {
        let couple = try activeCouple(accountID: accountID)
        return Dictionary(uniqueKeysWithValues: couple.memberIDs.map { ($0, Meeting.dDay(meeting.day, from: today(of: $0))) })
    }

    /// The meeting the home counts down to: the nearest upcoming one as `today` sees it, else
    /// the latest past one (counted up, `D+3`).
    static func currentMeeting(_ meetings: [Meeting], today: LocalDate) -> Meeting? {
        meetings.filter { $0.day >= today }.min { $0.day < $1.day } ?? meetings.max { $0.day < $1.day }
    }

    // MARK: Events

    /// Tells the listener what the caller did for their partner, then whether it completed the bridge.
    func announce(accountID: String, _ event: (String) -> CoupleEvent) {
        guard let couple = try? activeCouple(accountID: accountID), let partner = couple.partner(of: accountID) else { return }
        events.send(event(partner))
        announceBridge(accountID: accountID)
    }

    /// A bridge that reaches 100 with the caller's action is announced to both (once per day:
    /// the listener keys it by the couple and the date).
    func announceBridge(accountID: String) {
        guard let couple = try? activeCouple(accountID: accountID), let day = try? today(of: accountID),
              let counted = try? countedBridge(of: couple, on: day) else { return }
        // Counted just after the caller's write: kept for the home's next visit.
        remember(counted, of: couple)
        guard counted.bridge.score >= 100 else { return }
        events.send(.bridgeCompleted(coupleID: couple.id, memberIDs: couple.memberIDs, day: counted.bridge.date))
    }

    // MARK: Shared checks

    static func optionalText(_ raw: String?, field: String, limit: Int) throws -> String? {
        guard let text = raw?.trimmed, !text.isEmpty else { return nil }
        guard text.count <= limit else {
            throw AppError.invalidInput("\(field) must be at most \(limit) characters", code: "invalid_\(field)")
        }
        return text
    }

    static func checkRange(_ first: LocalDate, _ last: LocalDate) throws {
        guard first <= last else { throw AppError.invalidInput("from is after to", code: "invalid_range") }
        guard first.days(until: last) <= 366 else { throw AppError.invalidInput("a range is at most 366 days", code: "invalid_range") }
    }
}
