import FoundationEssentials
import Core

/// One member as the home shows them now.
public struct MemberToday: Sendable {
    public let account: Account
    public let zone: TimeZone
    public let localDate: LocalDate
    public let isDaytime: Bool
    public let location: MemberLocation?
    public let weather: WeatherReport
    public let mood: MoodEntry?
    public let photo: CouplePhoto?
}

/// Something that happened in the space, for "recent moments".
public struct Moment: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case mood, photo, careAdded = "care_added", careDone = "care_done", event, meeting
    }

    public let kind: Kind
    public let accountID: String
    public let at: Date
    public let text: String
    public let id: String

    public init(kind: Kind, accountID: String, at: Date, text: String, id: String) {
        self.kind = kind
        self.accountID = accountID
        self.at = at
        self.text = text
        self.id = id
    }
}

/// The seed's home screen: next meeting, the bridge, both times and weathers, both moods, and
/// the recent moments.
public struct CoupleHome: Sendable {
    public let couple: Couple
    public let viewerID: String
    public let now: Date
    public let meeting: Meeting?
    /// The meeting's D-day as each member counts it on their own date.
    public let countdowns: [String: String]
    public let bridge: Bridge
    public let members: [MemberToday]
    /// Partner's offset minus the viewer's, in seconds.
    public let offsetDifference: Int
    public let callWindow: DateInterval?
    public let recent: [Moment]
}

/// What one member wrote into a space, for their archive.
public struct CoupleArchive: Sendable {
    public let couple: Couple
    public let availableUntil: Date?
    public let moods: [MoodEntry]
    public let meetings: [Meeting]
    public let events: [CalendarEvent]
    public let care: [CareItem]
    public let photos: [CouplePhoto]
}

extension CoupleUseCases {
    public static let recentDays = 7
    public static let recentLimit = 12

    /// The bridge of a date (default the caller's today), with its streak.
    public func bridge(accountID: String, on day: LocalDate?) throws -> Bridge {
        let (couple, counted) = try couples.reading {
            let couple = try activeCouple(accountID: accountID)
            return (couple, try countedBridge(of: couple, on: day ?? today(of: accountID)))
        }
        remember(counted, of: couple)
        return counted.bridge
    }

    /// A bridge, and whether it was counted now from the marks of `version` (so worth keeping).
    struct CountedBridge {
        let bridge: Bridge
        let version: Int64?
        let isNew: Bool
    }

    /// The bridge as the store remembers it when no mark or member changed since, else counted.
    func countedBridge(of couple: Couple, on day: LocalDate) throws -> CountedBridge {
        let remembered = try couples.rememberedBridge(coupleID: couple.id, day: day)
        if let bridge = remembered.bridge { return CountedBridge(bridge: bridge, version: remembered.version, isNew: false) }
        return CountedBridge(bridge: try bridge(of: couple, on: day), version: remembered.version, isNew: true)
    }

    /// Keeps a bridge counted now, outside any read (a write); one that cannot be kept is counted
    /// again next time, so a failure here fails nothing.
    func remember(_ counted: CountedBridge, of couple: Couple) {
        guard counted.isNew, let version = counted.version else { return }
        try? couples.rememberBridge(counted.bridge, coupleID: couple.id, version: version)
    }

    /// The bridge counted from the marks.
    func bridge(of couple: Couple, on day: LocalDate) throws -> Bridge {
        // The earliest date any member could have had when the couple began (UTC−12).
        let since = min(TimeZone(secondsFromGMT: -12 * 3600)!.localDate(of: couple.createdAt), day)
        // The streak can only run as far back as the couple exists; a year bounds the reading.
        let first = max(since, day.adding(days: -366))
        // A streak ends at its first unbuilt day: read a week back, then four times as far each
        // time every day of the window was built, so that only a couple who built the bridge
        // every day of the year has the year read. The result is that of reading from `first`.
        var activity = BridgeActivity()
        var span = 8
        var through = day
        while true {
            let from = max(first, day.adding(days: 1 - span))
            activity.add(try couples.bridgeMarks(coupleID: couple.id, members: couple.memberIDs, from: from, through: through))
            let bridge = activity.bridge(on: day, members: couple.memberIDs, since: from)
            // The run reaches `from` when it covers every day from there to yesterday (and today, if built).
            let covered = from.days(until: day) + (bridge.score >= 100 ? 1 : 0)
            if from == first || bridge.streak < covered { return bridge }
            through = from.adding(days: -1)
            span *= 4
        }
    }

    public func home(accountID: String, on date: LocalDate?) throws -> CoupleHome {
        let now = clock.now
        // Every read on one snapshot, which on SQLite is one read transaction instead of one for
        // each of some fifteen statements; the weather, which may write its cache, after it.
        let read = try couples.reading { try homeReads(accountID: accountID, on: date, now: now) }
        remember(read.bridge, of: read.couple)
        let members = zip(read.people.accounts, read.zones).map { account, zone -> MemberToday in
            let localDate = zone.localDate(of: now)
            let memberDay = date ?? localDate
            let location = read.people.locations[account.id]
            let report = location.map { weather.report(latitude: $0.latitude, longitude: $0.longitude) }
                ?? WeatherReport(observation: nil, isStale: false, isConfigured: weather.provider.isConfigured)
            return MemberToday(
                account: account, zone: zone, localDate: localDate,
                isDaytime: TimeTogether.isDaytime(at: now, latitude: location?.latitude, longitude: location?.longitude, zone: zone),
                location: location, weather: report,
                mood: read.moods.first { $0.authorID == account.id && $0.day == memberDay },
                photo: read.photos.first { $0.authorID == account.id && $0.day == memberDay })
        }
        let meeting = Self.currentMeeting(read.meetings, today: read.viewerToday)
        var countdowns: [String: String] = [:]
        if let meeting {
            for member in members { countdowns[member.account.id] = Meeting.dDay(meeting.day, from: member.localDate) }
        }
        return CoupleHome(
            couple: read.couple, viewerID: accountID, now: now, meeting: meeting, countdowns: countdowns,
            bridge: read.bridge.bridge, members: members,
            offsetDifference: read.partnerZone.secondsFromGMT(for: now) - read.viewerZone.secondsFromGMT(for: now),
            callWindow: TimeTogether.callWindow(now: now, zones: members.map(\.zone)), recent: read.recent)
    }

    /// What the home reads.
    private struct HomeReads {
        let couple: Couple
        let people: Members
        let zones: [TimeZone]
        let viewerZone: TimeZone
        let partnerZone: TimeZone
        let viewerToday: LocalDate
        let moods: [MoodEntry]
        let photos: [CouplePhoto]
        let meetings: [Meeting]
        let bridge: CountedBridge
        let recent: [Moment]
    }

    private func homeReads(accountID: String, on date: LocalDate?, now: Date) throws -> HomeReads {
        let couple = try activeCouple(accountID: accountID)
        let people = try members(of: couple)
        // Each member's zone once, from the accounts just read (not read again per question).
        let zones = people.accounts.map { TimeZone(stored: $0.timeZoneIdentifier) }
        let viewerZone = zip(people.accounts, zones).first { $0.0.id == accountID }?.1 ?? zone(of: accountID)
        let viewerToday = viewerZone.localDate(of: now)
        let day = date ?? viewerToday
        let oldest = min(day, viewerToday).adding(days: -1)
        let newest = max(day, viewerToday).adding(days: 1)
        // Whole moods and photos only of the members' own dates (each member's card); of the week,
        // only what a moment shows.
        let memberDays = zones.map { date ?? $0.localDate(of: now) }
        let cardDays = (memberDays.min() ?? day, memberDays.max() ?? day)
        let meetings = try couples.meetings(coupleID: couple.id)
        let partnerZone = couple.partner(of: accountID).map { partner in
            zip(people.accounts, zones).first { $0.0.id == partner }?.1 ?? zone(of: partner)
        } ?? viewerZone
        return HomeReads(
            couple: couple, people: people, zones: zones, viewerZone: viewerZone, partnerZone: partnerZone, viewerToday: viewerToday,
            moods: try couples.moods(coupleID: couple.id, from: cardDays.0, through: cardDays.1),
            photos: try couples.photos(coupleID: couple.id, from: cardDays.0, through: cardDays.1),
            meetings: meetings, bridge: try countedBridge(of: couple, on: day),
            recent: try recentMoments(couple: couple, from: oldest.adding(days: -Self.recentDays), through: newest, meetings: meetings,
                                      now: now))
    }

    /// The moments of the moods and photos of these dates, the care, the events and the meetings,
    /// changed in the last week, newest first.
    private func recentMoments(couple: Couple, from first: LocalDate, through last: LocalDate, meetings: [Meeting],
                               now: Date) throws -> [Moment] {
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        var moments: [Moment] = []
        moments += try couples.moodMoments(coupleID: couple.id, from: first, through: last, since: since)
        moments += try couples.photoMoments(coupleID: couple.id, from: first, through: last, since: since)
        // Only the care and events of the window are read: the filter below drops the rest anyway.
        moments += try couples.careMoments(coupleID: couple.id, since: since)
        moments += try couples.events(coupleID: couple.id, createdSince: since).filter { $0.deletedAt == nil }
            .map { Moment(kind: .event, accountID: $0.authorID, at: $0.createdAt, text: $0.title, id: $0.id) }
        moments += meetings.map { meeting in
            Moment(kind: .meeting, accountID: meeting.authorID, at: meeting.updatedAt,
                   text: meeting.place.map { "\(meeting.day) · \($0)" } ?? meeting.day.description, id: meeting.id)
        }
        return Array(moments.filter { $0.at >= since && $0.at <= now }.sorted { $0.at > $1.at }.prefix(Self.recentLimit))
    }

    /// What the caller wrote in their current space, or in the last one for 30 days after a
    /// disconnection. Nothing of the partner's.
    public func archive(accountID: String) throws -> CoupleArchive {
        let now = clock.now
        // The space that was left most recently comes first (its 30 days are running), then the
        // current one: pairing again must not hide what is still to be downloaded.
        let all = try couples.couples(accountID: accountID)
        let left = all.filter { $0.disconnectedAt.map { now.timeIntervalSince($0) < Self.archiveWindow } ?? false }
            .max { ($0.disconnectedAt ?? .distantPast) < ($1.disconnectedAt ?? .distantPast) }
        guard let couple = left ?? all.first(where: \.isActive) else {
            throw AppError.notFound("there is no couple space to archive", code: "not_paired")
        }
        let everything = (LocalDate(dayNumber: -800_000), LocalDate(dayNumber: 800_000))
        let mine: (String) -> Bool = { $0 == accountID }
        return CoupleArchive(
            couple: couple, availableUntil: couple.disconnectedAt?.addingTimeInterval(Self.archiveWindow),
            moods: try couples.moods(coupleID: couple.id, from: everything.0, through: everything.1).filter { mine($0.authorID) },
            meetings: try couples.meetings(coupleID: couple.id).filter { mine($0.authorID) },
            events: try couples.events(coupleID: couple.id).filter { mine($0.authorID) && $0.deletedAt == nil },
            care: try couples.careItems(coupleID: couple.id).filter { mine($0.authorID) && $0.deletedAt == nil },
            photos: try couples.photos(coupleID: couple.id, from: everything.0, through: everything.1).filter { mine($0.authorID) })
    }
}
