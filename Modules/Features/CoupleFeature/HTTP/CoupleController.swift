import FoundationEssentials
import Core
import Domain
import HTTP

/// The couple endpoints on the couple use cases: one method per endpoint, grouped as the API
/// is. Times in an answer are in the caller's zone.
struct CoupleController: Sendable {
    let couples: CoupleUseCases

    func zone(_ call: Received<some Sendable, some Sendable>) -> TimeZone { couples.zone(of: call.accountID) }

    /// `ko` when `Accept-Language` ranks Korean above English, English otherwise.
    static func language(_ request: HTTPRequest) -> Language {
        request.preferredLanguage(among: ["en", "ko"]).flatMap(Language.init) ?? .en
    }

    // MARK: - Pairing

    func createInvite(_ call: Received<NoParameters, NoBody>) throws -> InviteJSON {
        InviteJSON(try couples.createInvite(accountID: call.accountID), zone: zone(call))
    }

    func join(_ call: Received<NoParameters, JoinBody>) throws -> CoupleJSON {
        _ = try couples.join(accountID: call.accountID, code: call.body.code, from: call.request.remoteAddress)
        return CoupleJSON(try couples.members(accountID: call.accountID), zone: zone(call))
    }

    func couple(_ call: Received<NoParameters, NoBody>) throws -> CoupleJSON {
        CoupleJSON(try couples.members(accountID: call.accountID), zone: zone(call))
    }

    func disconnect(_ call: Received<NoParameters, NoBody>) throws -> NoAnswer {
        try couples.disconnect(accountID: call.accountID)
        return NoAnswer()
    }

    func archive(_ call: Received<NoParameters, NoBody>) throws -> ArchiveJSON {
        try couples.eraseExpired()
        return ArchiveJSON(try couples.archive(accountID: call.accountID), viewer: call.accountID, zone: zone(call))
    }

    // MARK: - The space

    func home(_ call: Received<DateQuery, NoBody>) throws -> HomeJSON {
        HomeJSON(try couples.home(accountID: call.accountID, on: call.parameters.date), language: Self.language(call.request))
    }

    func setLocation(_ call: Received<NoParameters, LocationBody>) throws -> LocationJSON {
        let body = call.body
        return LocationJSON(try couples.setLocation(accountID: call.accountID, city: body.city, latitude: body.lat, longitude: body.lon))
    }

    func setMood(_ call: Received<NoParameters, MoodBody>) throws -> MoodJSON {
        guard let mood = Mood(rawValue: call.body.mood.lowercased()) else {
            let moods = Mood.allCases.map(\.rawValue).joined(separator: ", ")
            throw AppError.invalidInput("mood must be one of \(moods)", code: "invalid_mood")
        }
        return MoodJSON(try couples.setMood(accountID: call.accountID, mood: mood, status: call.body.status, note: call.body.note),
                        zone: zone(call))
    }

    func moods(_ call: Received<DateRangeQuery, NoBody>) throws -> MoodList {
        let moods = try couples.moods(accountID: call.accountID, from: call.parameters.from, through: call.parameters.to)
        return MoodList(moods: moods.map { MoodJSON($0, zone: zone(call)) })
    }

    func setMeeting(_ call: Received<NoParameters, MeetingBody>) throws -> MeetingJSON {
        guard let day = LocalDate(call.body.date) else {
            throw AppError.invalidInput("date must be YYYY-MM-DD", code: "invalid_date")
        }
        let meeting = try couples.setMeeting(accountID: call.accountID, day: day, place: call.body.place)
        return MeetingJSON(meeting, viewerToday: couples.today(of: call.accountID),
                           countdowns: try couples.countdowns(accountID: call.accountID, to: meeting))
    }

    func meetings(_ call: Received<NoParameters, NoBody>) throws -> MeetingList {
        let today = couples.today(of: call.accountID)
        return MeetingList(meetings: try couples.meetings(accountID: call.accountID).map {
            MeetingJSON($0, viewerToday: today, countdowns: [:])
        })
    }

    // MARK: - The calendar

    func events(_ call: Received<MonthQuery, NoBody>) throws -> EventList {
        let occurrences = try couples.calendar(accountID: call.accountID, month: call.parameters.month)
        return EventList(events: occurrences.map { EventJSON($0, viewer: call.accountID, zone: zone(call)) })
    }

    func addEvent(_ call: Received<NoParameters, EventBody>) throws -> EventJSON {
        let draft = try call.body.draft()
        return EventJSON(try couples.addEvent(accountID: call.accountID, draft), viewer: call.accountID, zone: zone(call))
    }

    func editEvent(_ call: Received<ItemID, EventPatchBody>) throws -> EventJSON {
        let event = try couples.editEvent(accountID: call.accountID, id: call.parameters.id, try call.body.changes())
        return EventJSON(event, viewer: call.accountID, zone: zone(call))
    }

    func deleteEvent(_ call: Received<ItemID, NoBody>) throws -> NoAnswer {
        try couples.deleteEvent(accountID: call.accountID, id: call.parameters.id)
        return NoAnswer()
    }

    func checkCalendar(_ call: Received<NoParameters, NoBody>) throws -> CalendarCheckJSON {
        let check = try couples.markCalendarChecked(accountID: call.accountID)
        return CalendarCheckJSON(date: check.day.description, accountID: check.accountID)
    }

    // MARK: - The care list

    func careList(_ call: Received<NoParameters, NoBody>) throws -> CareList {
        CareList(care: try couples.careList(accountID: call.accountID).map { CareJSON($0, viewer: call.accountID, zone: zone(call)) })
    }

    func addCare(_ call: Received<NoParameters, CareBody>) throws -> CareJSON {
        guard let scope = EventScope(rawValue: call.body.whose ?? "me") else {
            throw AppError.invalidInput("for must be me or partner", code: "invalid_for")
        }
        var due: LocalDate?
        if let text = call.body.due {
            guard let day = LocalDate(text) else { throw AppError.invalidInput("due must be YYYY-MM-DD", code: "invalid_due") }
            due = day
        }
        let item = try couples.addCare(accountID: call.accountID, text: call.body.text, for: scope, due: due)
        return CareJSON(item, viewer: call.accountID, zone: zone(call))
    }

    func completeCare(_ call: Received<ItemID, NoBody>) throws -> CareJSON {
        CareJSON(try couples.completeCare(accountID: call.accountID, id: call.parameters.id), viewer: call.accountID, zone: zone(call))
    }

    func deleteCare(_ call: Received<ItemID, NoBody>) throws -> NoAnswer {
        try couples.deleteCare(accountID: call.accountID, id: call.parameters.id)
        return NoAnswer()
    }

    // MARK: - Photos and the bridge

    func putPhoto(_ call: Received<CaptionQuery, Data>) throws -> PhotoJSON {
        guard !call.body.isEmpty else {
            throw AppError.invalidInput("the request needs the image as its body", code: "empty_image")
        }
        let photo = try couples.putPhoto(accountID: call.accountID, data: call.body, caption: call.parameters.caption)
        return PhotoJSON(photo, zone: zone(call))
    }

    func photos(_ call: Received<DateQuery, NoBody>) throws -> PhotoList {
        PhotoList(photos: try couples.photos(accountID: call.accountID, on: call.parameters.date).map { PhotoJSON($0, zone: zone(call)) })
    }

    func photo(_ call: Received<ItemID, NoBody>) throws -> MediaBytes {
        let (photo, data) = try couples.photoData(accountID: call.accountID, id: call.parameters.id)
        return MediaBytes(data, mediaType: photo.format.mediaType)
    }

    func bridge(_ call: Received<DateQuery, NoBody>) throws -> BridgeJSON {
        BridgeJSON(try couples.bridge(accountID: call.accountID, on: call.parameters.date), language: Self.language(call.request))
    }
}
