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

    public init(date: LocalDate, parts: BridgeParts, streak: Int) {
        self.date = date
        self.parts = parts
        self.streak = streak
    }

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

    /// What the members did each day, by the day's number: four bits (one per `BridgeMark.Kind`)
    /// for each member, at their place in `seen` (the first sixteen; any further in `more`, by
    /// `key`). A couple's members are few and their ids come from one array, so finding one is a
    /// comparison or two, and a day's marks are one dictionary entry: the home reads up to a year
    /// of marks for a long streak, and hashing every (member, day) cost more than reading them.
    var done: [Int: UInt64] = [:]
    var more: [Int: UInt8] = [:]
    var seen: [String] = []

    public init(marks: [BridgeMark] = []) {
        add(marks)
    }

    /// More of the same activity (a window read further back).
    public mutating func add(_ marks: [BridgeMark]) {
        done.reserveCapacity(done.count + marks.count / 4)
        // A store gives a day's marks together (by kind, then day, then member): they are
        // gathered into one mask and written once.
        var day: (date: LocalDate, number: Int, mask: UInt64)?
        for mark in marks {
            let place = place(of: mark.memberID)
            if day?.date != mark.day {
                if let day { done[day.number, default: 0] |= day.mask }
                day = (mark.day, mark.day.dayNumber, 0)
            }
            if place < 16 {
                day!.mask |= 1 << UInt64(place * 4 + mark.kind.rawValue)
            } else {
                more[Self.key(day!.number, place), default: 0] |= 1 << UInt8(mark.kind.rawValue)
            }
        }
        if let day { done[day.number, default: 0] |= day.mask }
    }

    mutating func place(of member: String) -> Int {
        if let index = seen.firstIndex(of: member) { return index }
        seen.append(member)
        return seen.count - 1
    }

    static func key(_ dayNumber: Int, _ place: Int) -> Int { dayNumber << 20 | place }

    public init(moods: [MoodEntry], photos: [CouplePhoto], care: [CareItem], checks: [CalendarCheck]) {
        var marks = moods.map { BridgeMark(kind: .mood, memberID: $0.authorID, day: $0.day) }
        marks += photos.filter { $0.deletedAt == nil }.map { BridgeMark(kind: .photo, memberID: $0.authorID, day: $0.day) }
        marks += care.compactMap { item in
            guard item.deletedAt == nil, let member = item.doneBy, let day = item.doneDay else { return nil }
            return BridgeMark(kind: .care, memberID: member, day: day)
        }
        marks += checks.map { BridgeMark(kind: .calendar, memberID: $0.accountID, day: $0.day) }
        add(marks)
    }

    public func parts(on day: LocalDate, members: [String]) -> BridgeParts {
        parts(dayNumber: day.dayNumber, places: places(of: members))
    }

    /// Where each member is in `seen` (nil: nothing of theirs was added).
    func places(of members: [String]) -> [Int?] {
        members.map { seen.firstIndex(of: $0) }
    }

    func parts(dayNumber: Int, places: [Int?]) -> BridgeParts {
        var parts = BridgeParts()
        let mask = done[dayNumber] ?? 0
        for case let place? in places {
            let kinds = place < 16 ? UInt8(truncatingIfNeeded: mask >> UInt64(place * 4)) & 0xF : more[Self.key(dayNumber, place)] ?? 0
            if kinds & 1 << BridgeMark.Kind.mood.rawValue != 0 { parts.mood += Self.moodPoints }
            if kinds & 1 << BridgeMark.Kind.photo.rawValue != 0 { parts.photo += Self.photoPoints }
            if kinds & 1 << BridgeMark.Kind.care.rawValue != 0 { parts.care += Self.carePoints }
            if kinds & 1 << BridgeMark.Kind.calendar.rawValue != 0 { parts.calendar += Self.calendarPoints }
        }
        return parts
    }

    /// The bridge of `day`; its streak counts completed days back from it (from the day before
    /// while `day` is still being built, as every streak in Tend does: `Streaks.current`), never
    /// before `first`.
    public func bridge(on day: LocalDate, members: [String], since first: LocalDate) -> Bridge {
        let number = day.dayNumber
        let places = places(of: members)
        let parts = parts(dayNumber: number, places: places)
        let firstNumber = first.dayNumber
        var streak = parts.total >= 100 && number >= firstNumber ? 1 : 0
        var cursor = number - 1
        while cursor >= firstNumber, self.parts(dayNumber: cursor, places: places).total >= 100 {
            streak += 1
            cursor -= 1
        }
        return Bridge(date: day, parts: parts, streak: streak)
    }
}
