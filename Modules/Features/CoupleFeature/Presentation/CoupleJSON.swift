import FoundationEssentials
import Core
import Domain

// The couple API's JSON. The same types encode on the server and decode in `tend`, so the
// client reads exactly what the routes write.

public struct CoupleJSON: Codable, Sendable {
    public struct Member: Codable, Sendable {
        let accountID: String
        let displayName: String
        let timeZone: String
        let city: String?

        enum CodingKeys: String, CodingKey {
            case accountID = "account_id", displayName = "display_name", timeZone = "time_zone", city
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(accountID, forKey: .accountID)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(city, forKey: .city)
        }
    }

    let id: String
    /// When the two paired.
    let since: String
    let members: [Member]

    enum CodingKeys: String, CodingKey { case id, since = "paired_at", members }

    /// Times in the viewer's zone, as every time in the API.
    init(_ members: CoupleUseCases.Members, zone: TimeZone) {
        id = members.couple.id
        since = ISO8601.format(members.couple.createdAt, in: zone)
        self.members = members.accounts.map { account in
            Member(accountID: account.id, displayName: account.displayName, timeZone: account.timeZoneIdentifier,
                   city: members.locations[account.id]?.city)
        }
    }
}

struct InviteJSON: Codable, Sendable {
    let code: String
    let expiresAt: String

    init(_ invite: Invite, zone: TimeZone) {
        code = invite.code
        expiresAt = ISO8601.format(invite.expiresAt, in: zone)
    }

    enum CodingKeys: String, CodingKey { case code, expiresAt = "expires_at" }
}

struct LocationJSON: Codable, Sendable {
    let city: String
    let lat: Double
    let lon: Double

    init(_ location: MemberLocation) {
        city = location.city
        lat = location.latitude
        lon = location.longitude
    }
}

struct MoodJSON: Codable, Sendable {
    let id: String
    let accountID: String
    let date: String
    let mood: String
    let status: String?
    let note: String?
    let updatedAt: String

    init(_ entry: MoodEntry, zone: TimeZone) {
        id = entry.id
        accountID = entry.authorID
        date = entry.day.description
        mood = entry.mood.rawValue
        status = entry.status
        note = entry.note
        updatedAt = ISO8601.format(entry.updatedAt, in: zone)
    }

    enum CodingKeys: String, CodingKey {
        case id, accountID = "account_id", date, mood, status, note, updatedAt = "updated_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(accountID, forKey: .accountID)
        try container.encode(date, forKey: .date)
        try container.encode(mood, forKey: .mood)
        try container.encode(status, forKey: .status)
        try container.encode(note, forKey: .note)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

struct MeetingJSON: Codable, Sendable {
    struct Countdown: Codable, Sendable {
        let accountID: String
        let dDay: String

        enum CodingKeys: String, CodingKey { case accountID = "account_id", dDay = "d_day" }
    }

    let id: String
    let date: String
    let place: String?
    /// As the caller counts it.
    let dDay: String
    let countdowns: [Countdown]

    init(_ meeting: Meeting, viewerToday: LocalDate, countdowns: [String: String]) {
        id = meeting.id
        date = meeting.day.description
        place = meeting.place
        dDay = Meeting.dDay(meeting.day, from: viewerToday)
        self.countdowns = countdowns.sorted { $0.key < $1.key }.map { Countdown(accountID: $0.key, dDay: $0.value) }
    }

    enum CodingKeys: String, CodingKey { case id, date, place, dDay = "d_day", countdowns }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(place, forKey: .place)
        try container.encode(dDay, forKey: .dDay)
        try container.encode(countdowns, forKey: .countdowns)
    }
}

struct EventJSON: Codable, Sendable {
    let id: String
    /// What a person types to delete it.
    let handle: String
    let title: String
    let whose: String
    let allDay: Bool
    /// `YYYY-MM-DD` for all-day events, else an instant in the viewer's zone.
    let start: String
    let end: String?
    let repeats: String?
    let authorID: String

    init(_ event: CalendarEvent, viewer: String, zone: TimeZone) {
        self.init(event: event, startDay: event.startDay, endDay: event.endDay, startsAt: event.startsAt, endsAt: event.endsAt,
                  viewer: viewer, zone: zone)
    }

    init(_ occurrence: EventOccurrence, viewer: String, zone: TimeZone) {
        self.init(event: occurrence.event, startDay: occurrence.startDay, endDay: occurrence.endDay, startsAt: occurrence.startsAt,
                  endsAt: occurrence.endsAt, viewer: viewer, zone: zone)
    }

    private init(event: CalendarEvent, startDay: LocalDate, endDay: LocalDate, startsAt: Date?, endsAt: Date?, viewer: String, zone: TimeZone) {
        id = event.id
        handle = Handle.of(event.id)
        title = event.title
        whose = event.scope(for: viewer).rawValue
        allDay = event.isAllDay
        if let startsAt {
            start = ISO8601.format(startsAt, in: zone)
            end = endsAt.map { ISO8601.format($0, in: zone) }
        } else {
            start = startDay.description
            end = endDay == startDay ? nil : endDay.description
        }
        repeats = event.recurrence?.rawValue
        authorID = event.authorID
    }

    enum CodingKeys: String, CodingKey {
        case id, handle, title, whose = "for", allDay = "all_day", start, end, repeats = "repeat", authorID = "author_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(title, forKey: .title)
        try container.encode(whose, forKey: .whose)
        try container.encode(allDay, forKey: .allDay)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(repeats, forKey: .repeats)
        try container.encode(authorID, forKey: .authorID)
    }
}

struct CareJSON: Codable, Sendable {
    let id: String
    /// What a person types to mark it done or delete it.
    let handle: String
    let text: String
    let whose: String
    let forAccountID: String
    let authorID: String
    let due: String?
    let done: Bool
    let doneBy: String?
    let doneAt: String?

    init(_ item: CareItem, viewer: String, zone: TimeZone) {
        id = item.id
        handle = Handle.of(item.id)
        text = item.text
        whose = item.forAccountID == viewer ? "me" : "partner"
        forAccountID = item.forAccountID
        authorID = item.authorID
        due = item.due?.description
        done = item.isDone
        doneBy = item.doneBy
        doneAt = item.doneAt.map { ISO8601.format($0, in: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case id, handle, text, whose = "for", forAccountID = "for_account_id", authorID = "author_id", due, done, doneBy = "done_by",
             doneAt = "done_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(text, forKey: .text)
        try container.encode(whose, forKey: .whose)
        try container.encode(forAccountID, forKey: .forAccountID)
        try container.encode(authorID, forKey: .authorID)
        try container.encode(due, forKey: .due)
        try container.encode(done, forKey: .done)
        try container.encode(doneBy, forKey: .doneBy)
        try container.encode(doneAt, forKey: .doneAt)
    }
}

struct PhotoJSON: Codable, Sendable {
    let id: String
    let accountID: String
    let date: String
    let mediaType: String
    let bytes: Int
    let caption: String?
    let url: String
    let updatedAt: String

    init(_ photo: CouplePhoto, zone: TimeZone) {
        id = photo.id
        accountID = photo.authorID
        date = photo.day.description
        mediaType = photo.format.mediaType
        bytes = photo.byteCount
        caption = photo.caption
        url = "/v1/couple/photos/\(photo.id)"
        updatedAt = ISO8601.format(photo.updatedAt, in: zone)
    }

    enum CodingKeys: String, CodingKey {
        case id, accountID = "account_id", date, mediaType = "media_type", bytes, caption, url, updatedAt = "updated_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(accountID, forKey: .accountID)
        try container.encode(date, forKey: .date)
        try container.encode(mediaType, forKey: .mediaType)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(caption, forKey: .caption)
        try container.encode(url, forKey: .url)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

struct BridgeJSON: Codable, Sendable {
    let date: String
    let score: Int
    let stage: String
    let stageLabel: String
    let parts: BridgeParts
    let streak: Int

    init(_ bridge: Bridge, language: Language) {
        date = bridge.date.description
        score = bridge.score
        stage = bridge.stage.rawValue
        stageLabel = bridge.stage.label(language)
        parts = bridge.parts
        streak = bridge.streak
    }

    enum CodingKeys: String, CodingKey { case date, score, stage, stageLabel = "stage_label", parts, streak }
}

struct WeatherJSON: Codable, Sendable {
    let tempC: Double
    let description: String
    let icon: String
    let city: String
    let observedAt: String
    let stale: Bool

    init(_ observation: WeatherObservation, stale: Bool, zone: TimeZone) {
        tempC = (observation.temperatureC * 10).rounded() / 10
        description = observation.description
        icon = observation.icon
        city = observation.city
        observedAt = ISO8601.format(observation.observedAt, in: zone)
        self.stale = stale
    }

    enum CodingKeys: String, CodingKey {
        case tempC = "temp_c", description, icon, city, observedAt = "observed_at", stale
    }
}

struct HomeJSON: Codable, Sendable {
    struct Member: Codable, Sendable {
        let accountID: String
        let displayName: String
        let isMe: Bool
        let timeZone: String
        let localTime: String
        let utcOffset: String
        let daytime: Bool
        let city: String?
        let weather: WeatherJSON?
        let weatherConfigured: Bool
        let mood: MoodJSON?
        let photo: PhotoJSON?

        enum CodingKeys: String, CodingKey {
            case accountID = "account_id", displayName = "display_name", isMe = "is_me", timeZone = "time_zone",
                 localTime = "local_time", utcOffset = "utc_offset", daytime, city, weather, weatherConfigured = "weather_configured",
                 mood, photo
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(accountID, forKey: .accountID)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(isMe, forKey: .isMe)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(localTime, forKey: .localTime)
            try container.encode(utcOffset, forKey: .utcOffset)
            try container.encode(daytime, forKey: .daytime)
            try container.encode(city, forKey: .city)
            try container.encode(weather, forKey: .weather)
            try container.encode(weatherConfigured, forKey: .weatherConfigured)
            try container.encode(mood, forKey: .mood)
            try container.encode(photo, forKey: .photo)
        }
    }

    struct CallWindow: Codable, Sendable {
        let startsAt: String
        let endsAt: String

        enum CodingKeys: String, CodingKey { case startsAt = "starts_at", endsAt = "ends_at" }
    }

    struct RecentMoment: Codable, Sendable {
        let kind: String
        let accountID: String
        let at: String
        let text: String

        enum CodingKeys: String, CodingKey { case kind, accountID = "account_id", at = "posted_at", text }
    }

    let date: String
    let meeting: MeetingJSON?
    let bridge: BridgeJSON
    let members: [Member]
    /// Partner's UTC offset minus the caller's, in seconds (32400 means the partner is 9 h ahead).
    let differenceS: Int
    let callWindow: CallWindow?
    let recent: [RecentMoment]

    init(_ home: CoupleHome, language: Language) {
        let viewerZone = home.members.first { $0.account.id == home.viewerID }?.zone ?? .gmt
        date = home.bridge.date.description
        meeting = home.meeting.map {
            MeetingJSON($0, viewerToday: viewerZone.localDate(of: home.now), countdowns: home.countdowns)
        }
        bridge = BridgeJSON(home.bridge, language: language)
        members = home.members.map { member in
            let offset = member.zone.secondsFromGMT(for: home.now)
            return Member(
                accountID: member.account.id, displayName: member.account.displayName, isMe: member.account.id == home.viewerID,
                timeZone: member.account.timeZoneIdentifier, localTime: ISO8601.format(home.now, in: member.zone),
                utcOffset: ISO8601.formatOffset(offset), daytime: member.isDaytime, city: member.location?.city,
                weather: member.weather.observation.map { WeatherJSON($0, stale: member.weather.isStale, zone: member.zone) },
                weatherConfigured: member.weather.isConfigured,
                mood: member.mood.map { MoodJSON($0, zone: member.zone) }, photo: member.photo.map { PhotoJSON($0, zone: member.zone) })
        }
        differenceS = home.offsetDifference
        callWindow = home.callWindow.map {
            CallWindow(startsAt: ISO8601.format($0.start, in: viewerZone), endsAt: ISO8601.format($0.end, in: viewerZone))
        }
        recent = home.recent.map {
            RecentMoment(kind: $0.kind.rawValue, accountID: $0.accountID, at: ISO8601.format($0.at, in: viewerZone), text: $0.text)
        }
    }

    enum CodingKeys: String, CodingKey {
        case date, meeting, bridge, members, differenceS = "difference_s", callWindow = "call_window", recent
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(meeting, forKey: .meeting)
        try container.encode(bridge, forKey: .bridge)
        try container.encode(members, forKey: .members)
        try container.encode(differenceS, forKey: .differenceS)
        try container.encode(callWindow, forKey: .callWindow)
        try container.encode(recent, forKey: .recent)
    }
}

struct ArchiveJSON: Codable, Sendable {
    let coupleID: String
    /// When the archive of a disconnected couple is deleted.
    let availableUntil: String?
    let moods: [MoodJSON]
    let events: [EventJSON]
    let care: [CareJSON]
    let meetings: [ArchivedMeeting]
    let photos: [PhotoJSON]

    struct ArchivedMeeting: Codable, Sendable {
        let id: String
        let date: String
        let place: String?

        enum CodingKeys: String, CodingKey { case id, date, place }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(date, forKey: .date)
            try container.encode(place, forKey: .place)
        }
    }

    init(_ archive: CoupleArchive, viewer: String, zone: TimeZone) {
        coupleID = archive.couple.id
        availableUntil = archive.availableUntil.map { ISO8601.format($0, in: zone) }
        moods = archive.moods.map { MoodJSON($0, zone: zone) }
        events = archive.events.map { EventJSON($0, viewer: viewer, zone: zone) }
        care = archive.care.map { CareJSON($0, viewer: viewer, zone: zone) }
        meetings = archive.meetings.map { ArchivedMeeting(id: $0.id, date: $0.day.description, place: $0.place) }
        photos = archive.photos.map { PhotoJSON($0, zone: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case coupleID = "couple_id", availableUntil = "expires_at", moods, events, care, meetings, photos
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coupleID, forKey: .coupleID)
        try container.encode(availableUntil, forKey: .availableUntil)
        try container.encode(moods, forKey: .moods)
        try container.encode(events, forKey: .events)
        try container.encode(care, forKey: .care)
        try container.encode(meetings, forKey: .meetings)
        try container.encode(photos, forKey: .photos)
    }
}
