import FoundationEssentials
import Core
import Domain

// The couple and its invite, and a member's place: the pairing endpoints' answers. The same types
// encode on the server and decode in `tend`; each is made from the domain in an extension, so a
// test can also write one field by field.

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
}

struct InviteJSON: Codable, Sendable {
    let code: String
    let expiresAt: String

    enum CodingKeys: String, CodingKey { case code, expiresAt = "expires_at" }
}

struct LocationJSON: Codable, Sendable {
    let city: String
    let lat: Double
    let lon: Double
}

// MARK: - Made from the domain

extension CoupleJSON {
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

extension InviteJSON {
    init(_ invite: Invite, zone: TimeZone) {
        code = invite.code
        expiresAt = ISO8601.format(invite.expiresAt, in: zone)
    }
}

extension LocationJSON {
    init(_ location: MemberLocation) {
        city = location.city
        lat = location.latitude
        lon = location.longitude
    }
}
