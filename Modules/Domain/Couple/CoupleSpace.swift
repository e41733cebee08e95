import FoundationEssentials
import Core

/// What the two write into their space: moods, the next meeting, the calendar, the care list
/// and the photo of the day. Each day is the author's own local date.
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

    // MARK: Calendar

    public struct EventDraft: Sendable {
        public var title: String
        /// `YYYY-MM-DD` (all-day) or a time (`YYYY-MM-DDTHH:MM` local, or ISO 8601 with an offset).
        public var start: String
        public var end: String?
        public var isAllDay: Bool
        public var recurrence: EventRecurrence?
        public var scope: EventScope

        public init(title: String, start: String, end: String? = nil, isAllDay: Bool = false, recurrence: EventRecurrence? = nil,
                    scope: EventScope = .us) {
            self.title = title
            self.start = start
            self.end = end
            self.isAllDay = isAllDay
            self.recurrence = recurrence
            self.scope = scope
        }
    }

    public func addEvent(accountID: String, _ draft: EventDraft) throws -> CalendarEvent {
        let now = clock.now
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            var event = CalendarEvent(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, title: "",
                                      whoseAccountID: nil, isAllDay: true, startDay: today(of: accountID), endDay: today(of: accountID),
                                      startsAt: nil, endsAt: nil, timeZone: zone(of: accountID).identifier, recurrence: nil,
                                      createdAt: now, updatedAt: now)
            try apply(draft, to: &event, couple: couple, accountID: accountID, zone: zone(of: accountID))
            try couples.save(event)
            return event
        }
    }

    public struct EventChanges: Sendable {
        public var title: String?
        public var start: String?
        public var end: String??
        public var isAllDay: Bool?
        public var recurrence: EventRecurrence??
        public var scope: EventScope?

        public init(title: String? = nil, start: String? = nil, end: String?? = nil, isAllDay: Bool? = nil,
                    recurrence: EventRecurrence?? = nil, scope: EventScope? = nil) {
            self.title = title
            self.start = start
            self.end = end
            self.isAllDay = isAllDay
            self.recurrence = recurrence
            self.scope = scope
        }
    }

    /// Changes an event (either member may): the result is checked like a new one.
    public func editEvent(accountID: String, id: String, _ changes: EventChanges) throws -> CalendarEvent {
        let now = clock.now
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var event = try couples.event(coupleID: couple.id, id: id) else { throw Self.eventNotFound(id) }
            let zone = TimeZone(stored: event.timeZone)
            let currentStart = event.isAllDay ? event.startDay.description : event.startsAt.map { ISO8601.format($0, in: zone) } ?? ""
            let currentEnd: String? = event.isAllDay
                ? (event.endDay == event.startDay ? nil : event.endDay.description)
                : event.endsAt.map { ISO8601.format($0, in: zone) }
            if changes.isAllDay == false, event.isAllDay, changes.start.map({ LocalDate($0.trimmed) != nil }) ?? true {
                throw AppError.invalidInput("a timed event needs a start time (YYYY-MM-DDTHH:MM)", code: "invalid_start")
            }
            let moved = changes.start != nil || changes.end != nil
            let draft = EventDraft(
                title: changes.title ?? event.title, start: changes.start ?? currentStart,
                end: changes.end ?? (changes.start == nil ? currentEnd : nil), isAllDay: changes.isAllDay ?? event.isAllDay,
                recurrence: changes.recurrence ?? event.recurrence, scope: changes.scope ?? event.scope(for: accountID))
            // A moved start without a new end keeps the event's length.
            let length = changes.start != nil && changes.end == nil
                ? (days: event.startDay.days(until: event.endDay),
                   seconds: event.endsAt.flatMap { end in event.startsAt.map { end.timeIntervalSince($0) } })
                : nil
            // Untouched times stay anchored in the zone they were written in: a partner who only
            // renames a weekly event must not move it to their own clock.
            try apply(draft, to: &event, couple: couple, accountID: accountID, zone: moved ? self.zone(of: accountID) : zone,
                      keeping: length)
            event.updatedAt = now
            try couples.save(event)
            return event
        }
    }

    public func deleteEvent(accountID: String, id: String) throws {
        let now = clock.now
        try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var event = try couples.event(coupleID: couple.id, id: id) else { throw Self.eventNotFound(id) }
            event.deletedAt = now
            event.updatedAt = now
            try couples.save(event)
        }
    }

    /// The month view (in the viewer's zone), repeats expanded. Looking at it counts as having
    /// checked the calendar today.
    public func calendar(accountID: String, month: YearMonth?) throws -> [EventOccurrence] {
        let couple = try activeCouple(accountID: accountID)
        let month = month ?? today(of: accountID).yearMonth
        guard (1900...2200).contains(month.year) else {
            throw AppError.invalidInput("month must be between 1900 and 2200", code: "invalid_month")
        }
        _ = try markCalendarChecked(accountID: accountID)
        let zone = zone(of: accountID) // once: it is a read of the account
        return try couples.events(coupleID: couple.id)
            .flatMap { $0.occurrences(from: month.firstDay.adding(days: -1), through: month.lastDay.adding(days: 1)) }
            .filter { occurrence in
                // Timed events are placed on the viewer's own dates.
                let (first, last) = Self.viewerDays(occurrence, in: zone)
                return last >= month.firstDay && first <= month.lastDay
            }
            .sorted { ($0.startsAt ?? zone.instant(of: $0.startDay, minutes: 0)) < ($1.startsAt ?? zone.instant(of: $1.startDay, minutes: 0)) }
    }

    /// The dates an occurrence covers on a calendar kept in `zone`.
    static func viewerDays(_ occurrence: EventOccurrence, in zone: TimeZone) -> (LocalDate, LocalDate) {
        guard let start = occurrence.startsAt else { return (occurrence.startDay, occurrence.endDay) }
        let first = zone.localDate(of: start)
        return (first, max(occurrence.endsAt.map { zone.localDate(of: $0) } ?? first, first))
    }

    /// Records that the member looked at the shared calendar today (once a day).
    public func markCalendarChecked(accountID: String) throws -> CalendarCheck {
        let now = clock.now
        let day = today(of: accountID)
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            if let existing = try couples.checks(coupleID: couple.id, from: day, through: day).first(where: { $0.accountID == accountID }) {
                return existing
            }
            let check = CalendarCheck(id: UUIDv7.makeString(at: now), coupleID: couple.id, accountID: accountID, day: day, createdAt: now)
            try couples.insert(check)
            return check
        }.also { _ in announceBridge(accountID: accountID) }
    }

    private func apply(_ draft: EventDraft, to event: inout CalendarEvent, couple: Couple, accountID: String, zone: TimeZone,
                       keeping length: (days: Int, seconds: TimeInterval?)? = nil) throws {
        let title = draft.title.trimmed
        guard (1...Self.maximumTitleLength).contains(title.count) else {
            throw AppError.invalidInput("title must be 1 to \(Self.maximumTitleLength) characters", code: "invalid_title")
        }
        event.title = title
        event.recurrence = draft.recurrence
        event.timeZone = zone.identifier
        switch draft.scope {
        case .us: event.whoseAccountID = nil
        case .me: event.whoseAccountID = accountID
        case .partner: event.whoseAccountID = couple.partner(of: accountID)
        }
        let startIsDate = LocalDate(draft.start.trimmed) != nil
        if draft.isAllDay || startIsDate {
            guard let start = LocalDate(draft.start.trimmed) ?? parseTime(draft.start, zone: zone).map({ zone.localDate(of: $0) }) else {
                throw AppError.invalidInput("start must be YYYY-MM-DD for an all-day event", code: "invalid_start")
            }
            var end = start.adding(days: length?.days ?? 0)
            if let text = draft.end {
                guard let day = LocalDate(text.trimmed) ?? parseTime(text, zone: zone).map({ zone.localDate(of: $0) }) else {
                    throw AppError.invalidInput("end must be YYYY-MM-DD for an all-day event", code: "invalid_end")
                }
                end = day
            }
            try Self.checkSpan(start, end)
            event.isAllDay = true
            event.startDay = start
            event.endDay = end
            event.startsAt = nil
            event.endsAt = nil
        } else {
            guard let start = parseTime(draft.start, zone: zone) else {
                throw AppError.invalidInput("start must be YYYY-MM-DD, YYYY-MM-DDTHH:MM or an ISO 8601 time with an offset", code: "invalid_start")
            }
            var end: Date? = length?.seconds.map { start.addingTimeInterval($0) }
            if let text = draft.end {
                guard let time = parseTime(text, zone: zone) else {
                    throw AppError.invalidInput("end must be YYYY-MM-DDTHH:MM or an ISO 8601 time with an offset", code: "invalid_end")
                }
                guard time >= start else { throw AppError.invalidInput("end is before start", code: "invalid_end") }
                end = time
            }
            let startDay = zone.localDate(of: start)
            let endDay = end.map { zone.localDate(of: $0) } ?? startDay
            try Self.checkSpan(startDay, endDay)
            event.isAllDay = false
            event.startDay = startDay
            event.endDay = endDay
            event.startsAt = start
            event.endsAt = end
        }
    }

    /// `YYYY-MM-DDTHH:MM` (or with a space) in the member's zone, or an ISO 8601 instant.
    private func parseTime(_ raw: String, zone: TimeZone) -> Date? {
        let text = raw.trimmed
        if let instant = ISO8601.parseInstant(text) { return instant }
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let day = LocalDate(String(parts[0])), let time = LocalTime(String(parts[1].prefix(5))),
              parts[1].count == 5 || (parts[1].count == 8 && parts[1].hasSuffix(":00")) else { return nil }
        return zone.instant(of: day, minutes: time.minutes)
    }

    static func checkSpan(_ start: LocalDate, _ end: LocalDate) throws {
        guard (1900...2200).contains(start.year) else {
            throw AppError.invalidInput("start must be between the years 1900 and 2200", code: "invalid_start")
        }
        guard end >= start else { throw AppError.invalidInput("end is before start", code: "invalid_end") }
        guard start.days(until: end) <= 366 else { throw AppError.invalidInput("an event lasts at most a year", code: "invalid_end") }
    }

    static func eventNotFound(_ id: String) -> AppError { AppError.notFound("no event \(id)", code: "event_not_found") }

    // MARK: Care list

    public func addCare(accountID: String, text rawText: String, for scope: EventScope, due: LocalDate?) throws -> CareItem {
        let text = rawText.trimmed
        guard (1...Self.maximumCareLength).contains(text.count) else {
            throw AppError.invalidInput("text must be 1 to \(Self.maximumCareLength) characters", code: "invalid_text")
        }
        guard scope != .us else { throw AppError.invalidInput("for must be me or partner", code: "invalid_for") }
        if let due { try Self.checkSpan(due, due) }
        let now = clock.now
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            let target = scope == .me ? accountID : (couple.partner(of: accountID) ?? accountID)
            let item = CareItem(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, forAccountID: target,
                                text: text, due: due, createdAt: now, updatedAt: now)
            try couples.save(item)
            return item
        }
    }

    /// Open items first (by due date), then the done ones, newest first.
    public func careList(accountID: String) throws -> [CareItem] {
        let couple = try activeCouple(accountID: accountID)
        let items = try couples.careItems(coupleID: couple.id)
        let open = items.filter { !$0.isDone }.sorted {
            ($0.due ?? LocalDate(dayNumber: .max / 2), $0.createdAt) < ($1.due ?? LocalDate(dayNumber: .max / 2), $1.createdAt)
        }
        let done = items.filter(\.isDone).sorted { ($0.doneAt ?? $0.createdAt) > ($1.doneAt ?? $1.createdAt) }
        return open + done
    }

    /// Completes an item (either member). Completing a done item again changes nothing.
    public func completeCare(accountID: String, id: String) throws -> CareItem {
        let now = clock.now
        let day = today(of: accountID)
        return try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var item = try couples.careItem(coupleID: couple.id, id: id) else { throw Self.careNotFound(id) }
            if item.isDone { return item }
            item.doneBy = accountID
            item.doneAt = now
            item.doneDay = day
            item.updatedAt = now
            try couples.save(item)
            return item
        }.also { item in
            if item.doneBy == accountID, item.doneAt == now, item.forAccountID != accountID {
                events.send(.careCompleted(item, recipientID: item.forAccountID))
            }
            announceBridge(accountID: accountID)
        }
    }

    public func deleteCare(accountID: String, id: String) throws {
        let now = clock.now
        try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            guard var item = try couples.careItem(coupleID: couple.id, id: id) else { throw Self.careNotFound(id) }
            item.deletedAt = now
            item.updatedAt = now
            try couples.save(item)
        }
    }

    static func careNotFound(_ id: String) -> AppError { AppError.notFound("no care item \(id)", code: "care_not_found") }

    // MARK: Photo of the day

    /// Today's photo of the member: recognised by its bytes, stripped of location-bearing
    /// metadata, stored content-addressed. A second one the same day replaces the first.
    public func putPhoto(accountID: String, data: Data, caption: String?) throws -> CouplePhoto {
        let caption = try Self.optionalText(caption, field: "caption", limit: Self.maximumCaptionLength)
        _ = try activeCouple(accountID: accountID)
        let (format, clean) = try PhotoImage.sanitize(data)
        let hash = try photoStore.store(clean) // the file first: a row never points at missing bytes
        let now = clock.now
        let day = today(of: accountID)
        var replaced: String?
        let photo: CouplePhoto = try transactor.write {
            let couple = try activeCouple(accountID: accountID)
            let existing = try couples.photos(coupleID: couple.id, from: day, through: day).first { $0.authorID == accountID }
            var photo = existing ?? CouplePhoto(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: accountID, day: day,
                                                sha256: hash, format: format, byteCount: clean.count, caption: caption,
                                                createdAt: now, updatedAt: now)
            if let existing, existing.sha256 != hash { replaced = existing.sha256 }
            photo.sha256 = hash
            photo.format = format
            photo.byteCount = clean.count
            photo.caption = caption
            photo.updatedAt = now
            try couples.save(photo)
            return photo
        }
        // Stored again now that the row is in: a concurrent clean-up that counted no reference
        // to these bytes before the row landed may have removed the file (store skips an existing one).
        _ = try photoStore.store(clean)
        if let replaced {
            try transactor.write {
                if try couples.photoReferences(sha256: replaced) == 0 { try? photoStore.remove(sha256: replaced) }
            }
        }
        announce(accountID: accountID) { partner in .photoShared(photo, recipientID: partner) }
        return photo
    }

    /// Both members' photos of a date (each on their own local date; default the caller's today).
    public func photos(accountID: String, on day: LocalDate?) throws -> [CouplePhoto] {
        let couple = try activeCouple(accountID: accountID)
        let day = day ?? today(of: accountID)
        return try couples.photos(coupleID: couple.id, from: day, through: day)
    }

    /// A photo's bytes, for the two members — or, after a disconnection and within the archive
    /// window, for its own author.
    public func photoData(accountID: String, id: String) throws -> (photo: CouplePhoto, data: Data) {
        let now = clock.now
        for couple in try couples.couples(accountID: accountID) {
            guard let photo = try couples.photo(coupleID: couple.id, id: id) else { continue }
            let allowed = couple.isActive
                || (photo.authorID == accountID && (couple.disconnectedAt.map { now.timeIntervalSince($0) < Self.archiveWindow } ?? false))
            guard allowed else { break }
            guard let data = try photoStore.data(sha256: photo.sha256) else {
                throw AppError(.internalFailure, code: "photo_missing", "the stored bytes of photo \(id) are missing")
            }
            return (photo, data)
        }
        throw AppError.notFound("no photo \(id)", code: "photo_not_found")
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
        guard let couple = try? activeCouple(accountID: accountID),
              let bridge = try? bridge(of: couple, on: today(of: accountID)), bridge.score >= 100 else { return }
        events.send(.bridgeCompleted(coupleID: couple.id, memberIDs: couple.memberIDs, day: bridge.date))
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
