import FoundationEssentials
import Core

/// The shared calendar: events (all-day or timed, repeating), the month view, and "checked the
/// calendar today".
extension CoupleUseCases {
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
            // The id, its handle or `last`, among the couple's events.
            let ids = try couples.events(coupleID: couple.id).map(\.id).sorted()
            guard let found = try Handle.pick(id, among: ids, noun: "event"),
                  var event = try couples.event(coupleID: couple.id, id: found) else { throw Self.eventNotFound(id) }
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
        guard PlausibleTime.contains(month) else {
            throw AppError.invalidInput("month must be \(PlausibleTime.span)", code: "invalid_month")
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
            .sorted {
                ($0.startsAt ?? zone.instant(of: $0.startDay, minutes: 0)) < ($1.startsAt ?? zone.instant(of: $1.startDay, minutes: 0))
            }
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
                throw AppError.invalidInput("start must be YYYY-MM-DD, YYYY-MM-DDTHH:MM or an ISO 8601 time with an offset",
                                            code: "invalid_start")
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
        guard PlausibleTime.contains(start) else {
            throw AppError.invalidInput("start must be \(PlausibleTime.span)", code: "invalid_start")
        }
        guard end >= start else { throw AppError.invalidInput("end is before start", code: "invalid_end") }
        guard start.days(until: end) <= 366 else { throw AppError.invalidInput("an event lasts at most a year", code: "invalid_end") }
    }

    static func eventNotFound(_ id: String) -> AppError { AppError.notFound("no event \(id)", code: "event_not_found") }
}
