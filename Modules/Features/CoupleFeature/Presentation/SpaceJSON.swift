import FoundationEssentials
import Core
import Domain

// Moods, meetings, the bridge and the weather: the shared space's answers. The same types encode on
// the server and decode in `tend`; each is made from the domain in an extension, so a test can also
// write one field by field.

struct MoodJSON: Codable, Sendable {
    let id: String
    let accountID: String
    let date: String
    let mood: String
    let status: String?
    let note: String?
    let updatedAt: String

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

struct BridgeJSON: Codable, Sendable {
    let date: String
    let score: Int
    let stage: String
    let stageLabel: String
    let parts: BridgeParts
    let streak: Int

    enum CodingKeys: String, CodingKey { case date, score, stage, stageLabel = "stage_label", parts, streak }
}

struct WeatherJSON: Codable, Sendable {
    let tempC: Double
    let description: String
    let icon: String
    let city: String
    let observedAt: String
    let stale: Bool

    enum CodingKeys: String, CodingKey {
        case tempC = "temp_c", description, icon, city, observedAt = "observed_at", stale
    }
}

struct MoodList: Codable, Sendable {
    let moods: [MoodJSON]
}

struct MeetingList: Codable, Sendable {
    let meetings: [MeetingJSON]
}

// MARK: - Made from the domain

extension MoodJSON {
    init(_ entry: MoodEntry, zone: TimeZone) {
        id = entry.id
        accountID = entry.authorID
        date = entry.day.description
        mood = entry.mood.rawValue
        status = entry.status
        note = entry.note
        updatedAt = ISO8601.format(entry.updatedAt, in: zone)
    }
}

extension MeetingJSON {
    init(_ meeting: Meeting, viewerToday: LocalDate, countdowns: [String: String]) {
        id = meeting.id
        date = meeting.day.description
        place = meeting.place
        dDay = Meeting.dDay(meeting.day, from: viewerToday)
        self.countdowns = countdowns.sorted { $0.key < $1.key }.map { Countdown(accountID: $0.key, dDay: $0.value) }
    }
}

extension BridgeJSON {
    init(_ bridge: Bridge, language: Language) {
        date = bridge.date.description
        score = bridge.score
        stage = bridge.stage.rawValue
        stageLabel = bridge.stage.label(language)
        parts = bridge.parts
        streak = bridge.streak
    }
}

extension WeatherJSON {
    init(_ observation: WeatherObservation, stale: Bool, zone: TimeZone) {
        tempC = (observation.temperatureC * 10).rounded() / 10
        description = observation.description
        icon = observation.icon
        city = observation.city
        observedAt = ISO8601.format(observation.observedAt, in: zone)
        self.stale = stale
    }
}
