import FoundationEssentials
import Core
import Domain

// A day's photo as the couple endpoints list it (its bytes come from its own endpoint). The same
// types encode on the server and decode in `tend`; each is made from the domain in an extension, so
// a test can also write one field by field.

struct PhotoJSON: Codable, Sendable {
    let id: String
    let accountID: String
    let date: String
    let mediaType: String
    let bytes: Int
    let caption: String?
    let url: String
    let updatedAt: String

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

struct PhotoList: Codable, Sendable {
    let photos: [PhotoJSON]
}

// MARK: - Made from the domain

extension PhotoJSON {
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
}
