import FoundationEssentials
import Core

/// How far today's bridge has been built.
public enum BridgeStage: String, Sendable, Codable, CaseIterable {
    case waiting, started, onTheWay = "on_the_way", halfway, almost, complete

    public init(score: Int) {
        switch score {
        case ..<1: self = .waiting
        case 1..<25: self = .started
        case 25..<50: self = .onTheWay
        case 50..<75: self = .halfway
        case 75..<100: self = .almost
        default: self = .complete
        }
    }

    /// The seed's words, and their English equivalents.
    public func label(_ language: Language) -> String {
        switch (self, language) {
        case (.waiting, .ko): "첫 발판을 기다리는 중"
        case (.started, .ko): "다리 놓기 시작"
        case (.onTheWay, .ko): "서로에게 가는 중"
        case (.halfway, .ko): "절반을 건너왔어요"
        case (.almost, .ko): "거의 이어졌어요"
        case (.complete, .ko): "오늘의 다리 완성"
        case (.waiting, .en): "Waiting for the first step"
        case (.started, .en): "The bridge has begun"
        case (.onTheWay, .en): "On the way to each other"
        case (.halfway, .en): "Halfway across"
        case (.almost, .en): "Almost connected"
        case (.complete, .en): "Today's bridge is complete"
        }
    }
}

/// Points of one day's bridge, by part.
public struct BridgeParts: Sendable, Equatable, Codable {
    public var mood = 0
    public var photo = 0
    public var care = 0
    public var calendar = 0

    public init(mood: Int = 0, photo: Int = 0, care: Int = 0, calendar: Int = 0) {
        self.mood = mood
        self.photo = photo
        self.care = care
        self.calendar = calendar
    }

    public var total: Int { mood + photo + care + calendar }
}

/// One date's bridge, with the run of completed bridges ending there.
public struct Bridge: Sendable, Equatable {
    public let date: LocalDate
    public let parts: BridgeParts
    public let streak: Int

    public var score: Int { parts.total }
    public var stage: BridgeStage { BridgeStage(score: score) }
}

/// The bridge's scoring: per member, a mood 10, a photo 15, a completed care item 15 and a look
/// at the calendar 10 — 100 for the two. Each member's actions count on their own local date
/// (every stored day is the author's), so partners nine hours apart both build "today's".
public struct BridgeActivity: Sendable {
    public static let moodPoints = 10
    public static let photoPoints = 15
    public static let carePoints = 15
    public static let calendarPoints = 10

    var moods: Set<Key> = []
    var photos: Set<Key> = []
    var care: Set<Key> = []
    var checks: Set<Key> = []

    struct Key: Hashable {
        let member: String
        let day: LocalDate
    }

    public init(marks: [BridgeMark] = []) {
        add(marks)
    }

    /// More of the same activity (a window read further back).
    public mutating func add(_ marks: [BridgeMark]) {
        // Room for each kind at once: a growing set hashes every member id again.
        var counts = [0, 0, 0, 0]
        for mark in marks { counts[mark.kind.rawValue] += 1 }
        moods.reserveCapacity(moods.count + counts[BridgeMark.Kind.mood.rawValue])
        photos.reserveCapacity(photos.count + counts[BridgeMark.Kind.photo.rawValue])
        care.reserveCapacity(care.count + counts[BridgeMark.Kind.care.rawValue])
        checks.reserveCapacity(checks.count + counts[BridgeMark.Kind.calendar.rawValue])
        for mark in marks {
            let key = Key(member: mark.memberID, day: mark.day)
            switch mark.kind {
            case .mood: moods.insert(key)
            case .photo: photos.insert(key)
            case .care: care.insert(key)
            case .calendar: checks.insert(key)
            }
        }
    }

    public init(moods: [MoodEntry], photos: [CouplePhoto], care: [CareItem], checks: [CalendarCheck]) {
        self.moods = Set(moods.map { Key(member: $0.authorID, day: $0.day) })
        self.photos = Set(photos.filter { $0.deletedAt == nil }.map { Key(member: $0.authorID, day: $0.day) })
        self.care = Set(care.compactMap { item in
            guard item.deletedAt == nil, let member = item.doneBy, let day = item.doneDay else { return nil }
            return Key(member: member, day: day)
        })
        self.checks = Set(checks.map { Key(member: $0.accountID, day: $0.day) })
    }

    public func parts(on day: LocalDate, members: [String]) -> BridgeParts {
        var parts = BridgeParts()
        for member in members {
            let key = Key(member: member, day: day)
            if moods.contains(key) { parts.mood += Self.moodPoints }
            if photos.contains(key) { parts.photo += Self.photoPoints }
            if care.contains(key) { parts.care += Self.carePoints }
            if checks.contains(key) { parts.calendar += Self.calendarPoints }
        }
        return parts
    }

    /// The bridge of `day`; its streak counts completed days back from it (from the day before
    /// while `day` is still being built, as every streak in Tend does).
    public func bridge(on day: LocalDate, members: [String], since first: LocalDate) -> Bridge {
        let parts = parts(on: day, members: members)
        var complete: Set<LocalDate> = []
        var cursor = day
        while cursor >= first {
            if self.parts(on: cursor, members: members).total >= 100 {
                complete.insert(cursor)
            } else if cursor < day {
                break
            }
            cursor = cursor.adding(days: -1)
        }
        return Bridge(date: day, parts: parts, streak: Streaks(days: complete, today: day).current)
    }
}
