import FoundationEssentials
import Core
import Domain

// What a member wrote and uploaded in the space, for the 30 days after a disconnection. The same
// types encode on the server and decode in `tend`; each is made from the domain in an extension, so
// a test can also write one field by field.

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

// MARK: - Made from the domain

extension ArchiveJSON {
    init(_ archive: CoupleArchive, viewer: String, zone: TimeZone) {
        coupleID = archive.couple.id
        availableUntil = archive.availableUntil.map { ISO8601.format($0, in: zone) }
        moods = archive.moods.map { MoodJSON($0, zone: zone) }
        events = archive.events.map { EventJSON($0, viewer: viewer, zone: zone) }
        care = archive.care.map { CareJSON($0, viewer: viewer, zone: zone) }
        meetings = archive.meetings.map { ArchivedMeeting(id: $0.id, date: $0.day.description, place: $0.place) }
        photos = archive.photos.map { PhotoJSON($0, zone: zone) }
    }
}
