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

/// What a store remembers of a day's bridge (`CoupleRepository.rememberedBridge`).
public struct RememberedBridge: Sendable, Equatable {
    /// The version of the couple's marks and members now; nil when the store keeps no bridges.
    public let version: Int64?
    /// The bridge counted from that version, if it was remembered.
    public let bridge: Bridge?

    public init(version: Int64?, bridge: Bridge?) {
        self.version = version
        self.bridge = bridge
    }
}

/// The home's narrow reads, each the same as filtering a wider read of `CoupleRepository`
/// (which is how these defaults do it, for stores that have nothing better); the SQL store
/// asks its database for just these rows, so that a year of history costs the home little.
extension CoupleRepository {
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    public func bridgeMarks(coupleID: String, members: [String], from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        var marks: [BridgeMark] = []
        for mood in try moods(coupleID: coupleID, from: first, through: last) {
            marks.append(BridgeMark(kind: .mood, memberID: mood.authorID, day: mood.day))
        }
        for photo in try photos(coupleID: coupleID, from: first, through: last) where photo.deletedAt == nil {
            marks.append(BridgeMark(kind: .photo, memberID: photo.authorID, day: photo.day))
        }
        for item in try careItems(coupleID: coupleID) where item.deletedAt == nil {
            guard let member = item.doneBy, let day = item.doneDay, day >= first, day <= last else { continue }
            marks.append(BridgeMark(kind: .care, memberID: member, day: day))
        }
        for check in try checks(coupleID: coupleID, from: first, through: last) {
            marks.append(BridgeMark(kind: .calendar, memberID: check.accountID, day: check.day))
        }
        return marks.filter { members.contains($0.memberID) }
    }

    public func moodMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment] {
        try moods(coupleID: coupleID, from: first, through: last).filter { $0.updatedAt >= since }.map(Moment.init(mood:))
    }

    public func photoMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment] {
        try photos(coupleID: coupleID, from: first, through: last).filter { $0.deletedAt == nil && $0.updatedAt >= since }
            .map { Moment(kind: .photo, accountID: $0.authorID, at: $0.updatedAt, text: $0.caption ?? "", id: $0.id) }
    }

    public func careMoments(coupleID: String, since: Date) throws -> [Moment] {
        var moments: [Moment] = []
        for item in try careItems(coupleID: coupleID) where item.deletedAt == nil {
            if item.createdAt >= since {
                moments.append(Moment(kind: .careAdded, accountID: item.authorID, at: item.createdAt, text: item.text, id: item.id))
            }
            if let doneBy = item.doneBy, let doneAt = item.doneAt, doneAt >= since {
                moments.append(Moment(kind: .careDone, accountID: doneBy, at: doneAt, text: item.text, id: item.id))
            }
        }
        return moments
    }

    public func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent] {
        try events(coupleID: coupleID).filter { $0.createdAt >= since }
    }

    /// A store that remembers nothing: every bridge is counted.
    public func rememberedBridge(coupleID: String, day: LocalDate) throws -> RememberedBridge {
        RememberedBridge(version: nil, bridge: nil)
    }

    public func rememberBridge(_ bridge: Bridge, coupleID: String, version: Int64) throws {}
}

extension Moment {
    /// A mood as the recent moments show it: the mood, and the status after a dot.
    public init(mood entry: MoodEntry) {
        self.init(kind: .mood, accountID: entry.authorID, at: entry.updatedAt,
                  text: entry.status.map { "\(entry.mood.rawValue) · \($0)" } ?? entry.mood.rawValue, id: entry.id)
    }
}
