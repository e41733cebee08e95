import FoundationEssentials
import Core
import Domain

// The home: everything the seed's home screen shows, in one answer. The same types encode on the
// server and decode in `tend`; each is made from the domain in an extension, so a test can also
// write one field by field.

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

// MARK: - Made from the domain

extension HomeJSON {
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
}
