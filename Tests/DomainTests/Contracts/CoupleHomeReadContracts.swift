import Core
import Domain
import Foundation
import Testing

/// The home's narrow reads: each the same as filtering the wide read it stands for.
@Suite("Contract: CoupleRepository, the home's narrow reads")
struct CoupleHomeReadContract {
    let d = Contract.date

    /// ana and ben's couple "c", and cleo's "x" with ana's old partner, so that each read is
    /// seen to keep to its couple.
    func stores(_ backend: Backend) throws -> Stores {
        let stores = try Stores(backend)
        for id in ["ana", "ben", "cleo"] { try stores.account(id) }
        try stores.couples.insert(Couple(id: "c", memberIDs: ["ana", "ben"], createdAt: Contract.at(0)))
        try stores.couples.insert(Couple(id: "x", memberIDs: ["cleo", "ben"], createdAt: Contract.at(0), disconnectedAt: Contract.at(1),
                                         disconnectedBy: "cleo"))
        return stores
    }

    func care(_ id: String, couple: String = "c", created: Int64, done: (by: String, at: Int64, day: String)? = nil,
              deleted: Bool = false) -> CareItem {
        CareItem(id: id, coupleID: couple, authorID: "ana", forAccountID: "ben", text: id, due: nil, doneBy: done?.by,
                 doneAt: done.map { Contract.at($0.at) }, doneDay: done.map { d($0.day) }, createdAt: Contract.at(created),
                 updatedAt: Contract.at(max(created, done?.at ?? 0)), deletedAt: deleted ? Contract.at(created + 1) : nil)
    }

    func event(_ id: String, couple: String = "c", created: Int64, start: String, deleted: Bool = false) -> CalendarEvent {
        CalendarEvent(id: id, coupleID: couple, authorID: "ben", title: id, whoseAccountID: nil, isAllDay: true, startDay: d(start),
                      endDay: d(start), startsAt: nil, endsAt: nil, timeZone: "UTC", recurrence: nil, createdAt: Contract.at(created),
                      updatedAt: Contract.at(created), deletedAt: deleted ? Contract.at(created + 1) : nil)
    }

    @Test("bridge marks: live moods and photos, care done on the dates (by whom), calendar looks; inclusive bounds",
          arguments: Backend.allCases)
    func marks(_ backend: Backend) throws {
        let stores = try stores(backend)
        let couples = stores.couples
        for (id, couple, author, day) in [("m1", "c", "ana", "2026-04-01"), ("m2", "c", "ben", "2026-04-03"), ("m3", "c", "ana", "2026-04-04"),
                                          ("m4", "x", "cleo", "2026-04-02")] {
            try couples.save(MoodEntry(id: id, coupleID: couple, authorID: author, day: d(day), mood: .happy, status: nil, note: nil,
                                       createdAt: Contract.at(0), updatedAt: Contract.at(0)))
        }
        for (id, day, deleted) in [("p1", "2026-04-02", false), ("p2", "2026-04-02", true), ("p3", "2026-03-31", false)] {
            try couples.save(CouplePhoto(id: id, coupleID: "c", authorID: "ben", day: d(day), sha256: "aa", format: .jpeg, byteCount: 1,
                                         caption: nil, createdAt: Contract.at(0), updatedAt: Contract.at(0),
                                         deletedAt: deleted ? Contract.at(1) : nil))
        }
        // Added long before, done within the dates: it counts on the day it was done, for the doer.
        try couples.save(care("done", created: -30 * Contract.day, done: ("ben", 0, "2026-04-03")))
        try couples.save(care("open", created: 0))
        try couples.save(care("gone", created: 0, done: ("ana", 0, "2026-04-03"), deleted: true))
        try couples.save(care("later", created: 0, done: ("ana", 0, "2026-04-05")))
        try couples.save(care("other", couple: "x", created: 0, done: ("ben", 0, "2026-04-02")))
        try couples.insert(CalendarCheck(id: "k1", coupleID: "c", accountID: "ana", day: d("2026-04-03"), createdAt: Contract.at(0)))
        try couples.insert(CalendarCheck(id: "k2", coupleID: "x", accountID: "ben", day: d("2026-04-03"), createdAt: Contract.at(0)))
        // Someone who is not a member (as an import or a sync might leave it): never a mark.
        try couples.insert(CalendarCheck(id: "k3", coupleID: "c", accountID: "cleo", day: d("2026-04-03"), createdAt: Contract.at(0)))

        let marks = try couples.bridgeMarks(coupleID: "c", members: ["ana", "ben"], from: d("2026-04-01"), through: d("2026-04-04"))
        let expected: [BridgeMark] = [
            BridgeMark(kind: .mood, memberID: "ana", day: d("2026-04-01")), BridgeMark(kind: .mood, memberID: "ben", day: d("2026-04-03")),
            BridgeMark(kind: .mood, memberID: "ana", day: d("2026-04-04")), BridgeMark(kind: .photo, memberID: "ben", day: d("2026-04-02")),
            BridgeMark(kind: .care, memberID: "ben", day: d("2026-04-03")), BridgeMark(kind: .calendar, memberID: "ana", day: d("2026-04-03")),
        ]
        #expect(marks.count == expected.count)
        #expect(Set(marks) == Set(expected))
        #expect(try couples.bridgeMarks(coupleID: "c", members: ["ana", "ben"], from: d("2026-04-05"), through: d("2026-04-05"))
            == [BridgeMark(kind: .care, memberID: "ana", day: d("2026-04-05"))])
        #expect(try couples.bridgeMarks(coupleID: "c", members: ["ana", "ben"], from: d("2026-04-06"), through: d("2026-04-30")).isEmpty)
        #expect(try couples.bridgeMarks(coupleID: "none", members: ["ana", "ben"], from: d("2026-01-01"), through: d("2026-12-31")).isEmpty)
        // Members in another order, or one of them, or three: each mark names its member.
        #expect(Set(try couples.bridgeMarks(coupleID: "c", members: ["ben", "ana"], from: d("2026-04-01"), through: d("2026-04-04")))
            == Set(expected))
        #expect(Set(try couples.bridgeMarks(coupleID: "c", members: ["ben"], from: d("2026-04-01"), through: d("2026-04-04")))
            == Set(expected.filter { $0.memberID == "ben" }))
        #expect(Set(try couples.bridgeMarks(coupleID: "c", members: ["ana", "cleo", "ben"], from: d("2026-04-03"), through: d("2026-04-03")))
            == Set(expected.filter { $0.day == d("2026-04-03") } + [BridgeMark(kind: .calendar, memberID: "cleo", day: d("2026-04-03"))]))
        #expect(try couples.bridgeMarks(coupleID: "c", members: [], from: d("2026-04-01"), through: d("2026-04-04")).isEmpty)
    }

    @Test("mood and photo moments: live ones of the dates changed since an instant (inclusive), newest day first",
          arguments: Backend.allCases)
    func moodAndPhotoMoments(_ backend: Backend) throws {
        let stores = try stores(backend)
        let couples = stores.couples
        let since = 10 * Contract.day
        for (id, couple, author, day, updated, status) in [
            ("m-old-day", "c", "ana", "2026-04-01", since + 5, nil), ("m-at", "c", "ben", "2026-04-02", since, "at work"),
            ("m-later", "c", "ana", "2026-04-03", since + 9, nil), ("m-before", "c", "ana", "2026-04-03", since - 1, nil),
            ("m-outside", "c", "ben", "2026-04-05", since + 9, nil), ("m-other", "x", "cleo", "2026-04-03", since + 9, nil),
        ] as [(String, String, String, String, Int64, String?)] {
            try couples.save(MoodEntry(id: id, coupleID: couple, authorID: author, day: d(day), mood: .happy, status: status, note: "n",
                                       createdAt: Contract.at(0), updatedAt: Contract.at(updated)))
        }
        let moods = try couples.moodMoments(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-04"), since: Contract.at(since))
        #expect(moods.map(\.id) == ["m-later", "m-at", "m-old-day"])
        #expect(moods[1] == Moment(kind: .mood, accountID: "ben", at: Contract.at(since), text: "happy · at work", id: "m-at"))
        #expect(moods[0].text == "happy")

        for (id, day, updated, deleted, caption) in [
            ("p-at", "2026-04-02", since, false, "sea"), ("p-later", "2026-04-04", since + 3, false, nil),
            ("p-deleted", "2026-04-03", since + 3, true, nil), ("p-before", "2026-04-03", since - 1, false, nil),
        ] as [(String, String, Int64, Bool, String?)] {
            try couples.save(CouplePhoto(id: id, coupleID: "c", authorID: "ben", day: d(day), sha256: "aa", format: .jpeg, byteCount: 1,
                                         caption: caption, createdAt: Contract.at(0), updatedAt: Contract.at(updated),
                                         deletedAt: deleted ? Contract.at(updated) : nil))
        }
        let photos = try couples.photoMoments(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-04"), since: Contract.at(since))
        #expect(photos == [Moment(kind: .photo, accountID: "ben", at: Contract.at(since + 3), text: "", id: "p-later"),
                           Moment(kind: .photo, accountID: "ben", at: Contract.at(since), text: "sea", id: "p-at")])
        #expect(try couples.photoMoments(coupleID: "c", from: d("2026-04-03"), through: d("2026-04-03"), since: Contract.at(since)).isEmpty)
    }

    @Test("care added or done since an instant (inclusive), as moments, oldest first; events created since, by start day",
          arguments: Backend.allCases)
    func recent(_ backend: Backend) throws {
        let stores = try stores(backend)
        let couples = stores.couples
        let since = 10 * Contract.day
        let items = [care("added-at", created: since), care("added-before", created: since - 1),
                     care("done-at", created: 0, done: ("ben", since, "2026-04-03")),
                     care("done-before", created: 0, done: ("ben", since - 1, "2026-04-03")),
                     care("added-after", created: since + Contract.hour), care("deleted", created: since + 1, deleted: true),
                     care("other", couple: "x", created: since + 1)]
        for item in items { try couples.save(item) }
        // Added and done since: both moments, in the order of creation, the added first.
        try couples.save(care("both-at", created: since + 1, done: ("ben", since + 2, "2026-04-03")))
        let moments = try couples.careMoments(coupleID: "c", since: Contract.at(since))
        #expect(moments.map { "\($0.kind.rawValue) \($0.id)" }
            == ["care_done done-at", "care_added added-at", "care_added both-at", "care_done both-at", "care_added added-after"])
        #expect(moments.first == Moment(kind: .careDone, accountID: "ben", at: Contract.at(since), text: "done-at", id: "done-at"))
        #expect(moments[1] == Moment(kind: .careAdded, accountID: "ana", at: Contract.at(since), text: "added-at", id: "added-at"))
        #expect(try couples.careMoments(coupleID: "c", since: Contract.at(since + Contract.hour + 1)).isEmpty)

        for event in [event("late", created: since, start: "2026-05-01"), event("early", created: since + 1, start: "2026-04-01"),
                      event("before", created: since - 1, start: "2026-03-01"), event("deleted", created: since, start: "2026-04-02", deleted: true),
                      event("other", couple: "x", created: since, start: "2026-04-02")] {
            try couples.save(event)
        }
        #expect(try couples.events(coupleID: "c", createdSince: Contract.at(since)).map(\.id) == ["early", "late"])
        #expect(try couples.events(coupleID: "c", createdSince: Contract.at(since + 2)).isEmpty)
    }
}
