import FoundationEssentials
import Core

/// One thing that counts toward a day's bridge: what it was, who did it, on their own date.
/// Only this of the rows is needed to build a streak, so a store can read it alone.
public struct BridgeMark: Sendable, Hashable {
    public enum Kind: Int, Sendable { case mood, photo, care, calendar }

    public let kind: Kind
    public let memberID: String
    public let day: LocalDate

    public init(kind: Kind, memberID: String, day: LocalDate) {
        self.kind = kind
        self.memberID = memberID
        self.day = day
    }
}

/// The home's narrow reads, each the same as filtering a wider read of `CoupleRepository`
/// (which is how these defaults do it, for stores that have nothing better); the SQL store
/// asks its database for just these rows, so that a year of history costs the home little.
extension CoupleRepository {
    public func bridgeMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        var marks: [BridgeMark] = []
        for mood in try moods(coupleID: coupleID, from: first, through: last) {
            marks.append(BridgeMark(kind: .mood, memberID: mood.authorID, day: mood.day))
        }
        for photo in try photos(coupleID: coupleID, from: first, through: last) where photo.deletedAt == nil {
            marks.append(BridgeMark(kind: .photo, memberID: photo.authorID, day: photo.day))
        }
        for check in try checks(coupleID: coupleID, from: first, through: last) {
            marks.append(BridgeMark(kind: .calendar, memberID: check.accountID, day: check.day))
        }
        return marks
    }

    public func careMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        try careItems(coupleID: coupleID).compactMap { item in
            guard item.deletedAt == nil, let member = item.doneBy, let day = item.doneDay, day >= first, day <= last else { return nil }
            return BridgeMark(kind: .care, memberID: member, day: day)
        }
    }

    public func careItems(coupleID: String, addedOrDoneSince since: Date) throws -> [CareItem] {
        try careItems(coupleID: coupleID).filter { $0.createdAt >= since || ($0.doneAt.map { $0 >= since } ?? false) }
    }

    public func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent] {
        try events(coupleID: coupleID).filter { $0.createdAt >= since }
    }
}
