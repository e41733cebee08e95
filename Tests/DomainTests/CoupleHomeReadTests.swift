import Core
@testable import Domain
import Foundation
import Testing

/// The home reads the streak back a window at a time and only the recent care and events: the
/// answers must be those of reading everything at once.
@Suite("Couple home reads")
struct CoupleHomeReadTests {
    /// A world whose couple was paired 420 days before now (Seoul), with nothing in it yet.
    func world() throws -> (CoupleWorld, Couple) {
        let world = CoupleWorld(now: seoul("2025-01-01 12:00"))
        let couple = try world.pair("ana", with: "ben")
        world.advance(days: 420)
        return (world, couple)
    }

    /// Both members' whole bridge of `day`, as the use cases would have left it (but for the
    /// calendar look of `lookMissing`).
    func complete(_ day: LocalDate, in world: CoupleWorld, couple: Couple, lookMissing: String? = nil) throws {
        let at = TimeZone(identifier: "Asia/Seoul")!.instant(of: day, minutes: 12 * 60)
        for (member, partner) in [("ana", "ben"), ("ben", "ana")] {
            let id = "\(member)-\(day)"
            try world.couples.save(MoodEntry(id: "m-" + id, coupleID: couple.id, authorID: member, day: day, mood: .calm, status: nil,
                                             note: nil, createdAt: at, updatedAt: at))
            try world.couples.save(CouplePhoto(id: "p-" + id, coupleID: couple.id, authorID: member, day: day, sha256: "aa",
                                               format: .jpeg, byteCount: 1, caption: nil, createdAt: at, updatedAt: at))
            try world.couples.save(CareItem(id: "c-" + id, coupleID: couple.id, authorID: partner, forAccountID: member, text: "t",
                                            due: nil, doneBy: member, doneAt: at, doneDay: day, createdAt: at, updatedAt: at))
            if member != lookMissing {
                try world.couples.insert(CalendarCheck(id: "k-" + id, coupleID: couple.id, accountID: member, day: day, createdAt: at))
            }
        }
    }

    @Test("the streak read a window at a time is the one of the whole year read at once",
          arguments: [(0, false), (1, true), (7, false), (7, true), (8, false), (9, true), (31, false), (32, true),
                      (33, false), (100, true), (365, false), (366, false), (400, true)])
    func streak(length: Int, todayBuilt: Bool) throws {
        let (world, couple) = try world()
        let today = world.useCases.today(of: "ana")
        if length > 0 { for back in 1...length { try complete(today.adding(days: -back), in: world, couple: couple) } }
        // A built day beyond a gap must not count.
        try complete(today.adding(days: -length - 2), in: world, couple: couple)
        if todayBuilt { try complete(today, in: world, couple: couple) }

        let bridge = try world.useCases.bridge(accountID: "ana", on: nil)
        let first = today.adding(days: -366) // the couple is older than the year the streak may reach
        let everything = BridgeActivity(moods: try world.couples.moods(coupleID: couple.id, from: first, through: today),
                                        photos: try world.couples.photos(coupleID: couple.id, from: first, through: today),
                                        care: try world.couples.careItems(coupleID: couple.id),
                                        checks: try world.couples.checks(coupleID: couple.id, from: first, through: today))
        #expect(bridge == everything.bridge(on: today, members: couple.memberIDs, since: first))
        let yesterdays = min(length, 366)
        #expect(bridge.streak == (todayBuilt ? min(yesterdays + 1, 367) : yesterdays))
        #expect(bridge.score == (todayBuilt ? 100 : 0))
    }

    @Test("a long streak read across the windows' edges stops at the first day short of one part",
          arguments: [1, 5, 8, 9, 32, 33, 40, 128, 129, 140])
    func gapOfOnePart(gap: Int) throws {
        let (world, couple) = try world()
        let today = world.useCases.today(of: "ana")
        for back in 1...150 where back != gap { try complete(today.adding(days: -back), in: world, couple: couple) }
        // The gap day has all but ben's calendar look (90 of 100), a second care item done by ana
        // and a stranger's look: neither repeats nor outsiders make it whole.
        let day = today.adding(days: -gap)
        try complete(day, in: world, couple: couple, lookMissing: "ben")
        let at = TimeZone(identifier: "Asia/Seoul")!.instant(of: day, minutes: 13 * 60)
        try world.couples.save(CareItem(id: "again-\(day)", coupleID: couple.id, authorID: "ben", forAccountID: "ana", text: "t", due: nil,
                                        doneBy: "ana", doneAt: at, doneDay: day, createdAt: at, updatedAt: at))
        try world.couples.insert(CalendarCheck(id: "eve-\(day)", coupleID: couple.id, accountID: "eve", day: day, createdAt: at))

        let bridge = try world.useCases.bridge(accountID: "ana", on: nil)
        #expect(bridge.streak == gap - 1)
        #expect(bridge.score == 0)
        #expect(try world.useCases.bridge(accountID: "ana", on: day).parts == BridgeParts(mood: 20, photo: 30, care: 30, calendar: 10))
        // Built today as well, the run counts today too.
        try complete(today, in: world, couple: couple)
        #expect(try world.useCases.bridge(accountID: "ana", on: nil).streak == gap)
    }

    @Test("the bridge counts each member's marks wherever they stand among many (past the sixteen kept in one mask)")
    func manyMembers() {
        let day = date("2026-05-02")
        let members = (0..<18).map { "m\($0)" }
        // Everyone but m3 and m16 built their half on `day`, m17 twice over; m16 only a mood.
        var marks = members.filter { $0 != "m3" && $0 != "m16" }.flatMap { member in
            [BridgeMark.Kind.mood, .photo, .care, .calendar].map { BridgeMark(kind: $0, memberID: member, day: day) }
        }
        marks += [BridgeMark(kind: .care, memberID: "m17", day: day), BridgeMark(kind: .mood, memberID: "m16", day: day),
                  BridgeMark(kind: .photo, memberID: "m17", day: day.adding(days: -1))]
        let activity = BridgeActivity(marks: marks.reversed())
        #expect(activity.parts(on: day, members: ["m16", "m17"]) == BridgeParts(mood: 20, photo: 15, care: 15, calendar: 10))
        #expect(activity.parts(on: day, members: ["m3"]) == BridgeParts())
        #expect(activity.parts(on: day, members: members).total == 16 * 50 + 10)
        #expect(activity.parts(on: day.adding(days: -1), members: members) == BridgeParts(photo: 15))
        #expect(activity.bridge(on: day, members: members, since: day.adding(days: -5)).streak == 1)
        #expect(activity.bridge(on: day, members: ["m16", "m3"], since: day.adding(days: -5)).streak == 0)
    }

    @Test("a streak stops at the day the couple began, even when read back in windows")
    func youngCouple() throws {
        let world = CoupleWorld(now: seoul("2026-03-01 12:00"))
        let couple = try world.pair("ana", with: "ben")
        world.advance(days: 20)
        let today = world.useCases.today(of: "ana")
        // Days before the pairing (as an import might leave them) count nothing.
        for back in 1...40 { try complete(today.adding(days: -back), in: world, couple: couple) }
        #expect(try world.useCases.bridge(accountID: "ana", on: nil).streak == 21)
    }

    @Test("recent moments still show care done and events made this week, and nothing older")
    func recentCareAndEvents() throws {
        let (world, couple) = try world()
        let now = world.now
        func care(_ id: String, added: Double, done: Double?) throws {
            let addedAt = now.addingTimeInterval(-added * 86_400)
            let doneAt = done.map { now.addingTimeInterval(-$0 * 86_400) }
            try world.couples.save(CareItem(id: id, coupleID: couple.id, authorID: "ana", forAccountID: "ben", text: id, due: nil,
                                            doneBy: doneAt == nil ? nil : "ben", doneAt: doneAt,
                                            doneDay: doneAt.map { TimeZone(identifier: "Asia/Seoul")!.localDate(of: $0) },
                                            createdAt: addedAt, updatedAt: doneAt ?? addedAt))
        }
        try care("old-done-now", added: 30, done: 1)
        try care("old-open", added: 30, done: nil)
        try care("old-done-old", added: 30, done: 8)
        try care("new-open", added: 2, done: nil)
        for (id, days) in [("old-event", 8.0), ("new-event", 3.0)] {
            let at = now.addingTimeInterval(-days * 86_400)
            try world.couples.save(CalendarEvent(id: id, coupleID: couple.id, authorID: "ben", title: id, whoseAccountID: nil,
                                                 isAllDay: true, startDay: date("2026-03-01"), endDay: date("2026-03-01"),
                                                 startsAt: nil, endsAt: nil, timeZone: "Asia/Seoul", recurrence: nil,
                                                 createdAt: at, updatedAt: at))
        }
        let recent = try world.useCases.home(accountID: "ana", on: nil).recent
        #expect(recent.map { "\($0.kind.rawValue) \($0.text)" } == ["care_done old-done-now", "care_added new-open", "event new-event"])
    }
}
