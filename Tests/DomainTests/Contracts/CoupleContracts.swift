import Core
import Domain
import Foundation
import Testing

@Suite("Contract: CoupleRepository")
struct CoupleRepositoryContract {
    let d = Contract.date

    /// Three accounts and the couple "c" of ana (the inviter) and ben.
    func paired(_ backend: Backend) throws -> Stores {
        let stores = try Stores(backend)
        for id in ["ana", "ben", "cleo"] { try stores.account(id) }
        try stores.couples.insert(Couple(id: "c", memberIDs: ["ana", "ben"], createdAt: Contract.at(0)))
        return stores
    }

    func mood(_ id: String, couple: String = "c", author: String = "ana", day: String, updated offset: Int64 = 0) -> MoodEntry {
        MoodEntry(id: id, coupleID: couple, authorID: author, day: d(day), mood: .happy, status: nil, note: nil, createdAt: Contract.at(0),
                  updatedAt: Contract.at(offset))
    }

    func photo(_ id: String, couple: String = "c", day: String, sha: String = "aa", updated offset: Int64 = 0) -> CouplePhoto {
        CouplePhoto(id: id, coupleID: couple, authorID: "ana", day: d(day), sha256: sha, format: .jpeg, byteCount: 1024, caption: nil,
                    createdAt: Contract.at(0), updatedAt: Contract.at(offset))
    }

    // MARK: Couples

    @Test("a couple round-trips with its members in order; an update saves the disconnection", arguments: Backend.allCases)
    func couples(_ backend: Backend) throws {
        let stores = try paired(backend)
        // The joiner's id sorts first: the members stay in the order given (the inviter first).
        let second = Couple(id: "d", memberIDs: ["cleo", "ana"], createdAt: Contract.at(Contract.day))
        try stores.couples.insert(second)
        #expect(try stores.couples.couple(id: "d") == second)
        #expect(try stores.couples.couple(id: "c") == Couple(id: "c", memberIDs: ["ana", "ben"], createdAt: Contract.at(0)))
        #expect(try stores.couples.couple(id: "none") == nil)
        #expect(try stores.couples.couples(accountID: "ana").map(\.id) == ["d", "c"])
        #expect(try stores.couples.couples(accountID: "ben").map(\.id) == ["c"])
        #expect(try stores.couples.couples(accountID: "nobody").isEmpty)

        var parted = try #require(try stores.couples.couple(id: "c"))
        parted.disconnectedAt = Contract.at(2 * Contract.day)
        parted.disconnectedBy = "ben"
        try stores.couples.update(parted)
        #expect(try stores.couples.couple(id: "c") == parted)
        #expect(throws: (any Error).self) { try stores.couples.insert(Couple(id: "c", memberIDs: ["cleo", "ben"], createdAt: Contract.at(0))) }
    }

    @Test("disconnected couples are those parted strictly before the instant", arguments: Backend.allCases)
    func disconnected(_ backend: Backend) throws {
        let stores = try paired(backend)
        try stores.couples.insert(Couple(id: "d", memberIDs: ["cleo", "ben"], createdAt: Contract.at(0), disconnectedAt: Contract.at(Contract.hour),
                                         disconnectedBy: "cleo"))
        try stores.couples.insert(Couple(id: "e", memberIDs: ["cleo", "ana"], createdAt: Contract.at(0),
                                         disconnectedAt: Contract.at(2 * Contract.hour), disconnectedBy: "ana"))
        #expect(try stores.couples.disconnectedCouples(before: Contract.at(Contract.hour)).isEmpty)
        #expect(try stores.couples.disconnectedCouples(before: Contract.at(Contract.hour + 1)).map(\.id) == ["d"])
        #expect(Set(try stores.couples.disconnectedCouples(before: Contract.at(Contract.day)).map(\.id)) == ["d", "e"])
    }

    @Test("erase removes the couple and everything in it, and nothing of another couple", arguments: Backend.allCases)
    func erase(_ backend: Backend) throws {
        let stores = try paired(backend)
        try stores.couples.insert(Couple(id: "d", memberIDs: ["cleo", "ana"], createdAt: Contract.at(Contract.day)))
        for couple in ["c", "d"] {
            try stores.couples.save(mood("m\(couple)", couple: couple, day: "2026-04-01"))
            try stores.couples.save(Meeting(id: "g\(couple)", coupleID: couple, authorID: "ana", day: d("2026-05-01"), place: nil,
                                            createdAt: Contract.at(0), updatedAt: Contract.at(0)))
            try stores.couples.save(CalendarEvent(id: "e\(couple)", coupleID: couple, authorID: "ana", title: "trip", whoseAccountID: nil,
                                                  isAllDay: true, startDay: d("2026-05-01"), endDay: d("2026-05-02"), startsAt: nil,
                                                  endsAt: nil, timeZone: "Asia/Seoul", recurrence: nil, createdAt: Contract.at(0),
                                                  updatedAt: Contract.at(0)))
            try stores.couples.insert(CalendarCheck(id: "k\(couple)", coupleID: couple, accountID: "ana", day: d("2026-04-01"),
                                                    createdAt: Contract.at(0)))
            try stores.couples.save(CareItem(id: "i\(couple)", coupleID: couple, authorID: "ana", forAccountID: "ana", text: "water",
                                             due: nil, createdAt: Contract.at(0), updatedAt: Contract.at(0)))
            try stores.couples.save(photo("p\(couple)", couple: couple, day: "2026-04-01", sha: "same"))
        }
        #expect(try stores.couples.photoReferences(sha256: "same") == 2)

        try stores.couples.erase(coupleID: "c")
        #expect(try stores.couples.couple(id: "c") == nil)
        #expect(try stores.couples.couples(accountID: "ben").isEmpty)
        #expect(try stores.couples.couples(accountID: "ana").map(\.id) == ["d"])
        let year = (d("2026-01-01"), d("2026-12-31"))
        #expect(try stores.couples.moods(coupleID: "c", from: year.0, through: year.1).isEmpty)
        #expect(try stores.couples.meetings(coupleID: "c").isEmpty)
        #expect(try stores.couples.events(coupleID: "c").isEmpty)
        #expect(try stores.couples.checks(coupleID: "c", from: year.0, through: year.1).isEmpty)
        #expect(try stores.couples.careItems(coupleID: "c").isEmpty)
        #expect(try stores.couples.photos(coupleID: "c", from: year.0, through: year.1).isEmpty)
        #expect(try stores.couples.photoReferences(sha256: "same") == 1)
        #expect(try stores.couples.moods(coupleID: "d", from: year.0, through: year.1).map(\.id) == ["md"])
        #expect(try stores.couples.meetings(coupleID: "d").map(\.id) == ["gd"])
        #expect(try stores.couples.events(coupleID: "d").map(\.id) == ["ed"])
        #expect(try stores.couples.checks(coupleID: "d", from: year.0, through: year.1).map(\.id) == ["kd"])
        #expect(try stores.couples.careItems(coupleID: "d").map(\.id) == ["id"])
        #expect(try stores.couples.photos(coupleID: "d", from: year.0, through: year.1).map(\.id) == ["pd"])
    }

    // MARK: Invites and the throttle

    @Test("invites: found by code (the newest), used or revoked by update, usable until they expire", arguments: Backend.allCases)
    func invites(_ backend: Backend) throws {
        let stores = try paired(backend)
        let old = Invite(id: "i1", code: "K2345678", accountID: "cleo", createdAt: Contract.at(0), expiresAt: Contract.at(Contract.day))
        let fresh = Invite(id: "i2", code: "K2345678", accountID: "cleo", createdAt: Contract.at(Contract.hour),
                           expiresAt: Contract.at(Contract.day + Contract.hour))
        let other = Invite(id: "i3", code: "KABCDEFG", accountID: "ana", createdAt: Contract.at(0), expiresAt: Contract.at(Contract.day))
        for invite in [old, fresh, other] { try stores.couples.insert(invite) }
        #expect(try stores.couples.invite(code: "K2345678") == fresh)
        #expect(try stores.couples.invite(code: "KZZZZZZZ") == nil)
        #expect(Set(try stores.couples.usableInvites(accountID: "cleo", at: Contract.at(Contract.hour)).map(\.id)) == ["i1", "i2"])
        // Usable while the expiry is later than the instant.
        #expect(try stores.couples.usableInvites(accountID: "cleo", at: Contract.at(Contract.day)).map(\.id) == ["i2"])

        var used = fresh
        used.usedAt = Contract.at(2 * Contract.hour)
        try stores.couples.update(used)
        var revoked = old
        revoked.revokedAt = Contract.at(2 * Contract.hour)
        try stores.couples.update(revoked)
        #expect(try stores.couples.invite(code: "K2345678") == used)
        #expect(try stores.couples.usableInvites(accountID: "cleo", at: Contract.at(Contract.hour)).isEmpty)
        #expect(try stores.couples.usableInvites(accountID: "ana", at: Contract.at(Contract.hour)) == [other])
    }

    @Test("join failures per account: saved, replaced, cleared", arguments: Backend.allCases)
    func joinFailures(_ backend: Backend) throws {
        let stores = try paired(backend)
        #expect(try stores.couples.joinFailures(accountID: "cleo") == nil)
        try stores.couples.save(JoinFailures(accountID: "cleo", count: 1, lastFailureAt: Contract.at(0), lockedUntil: nil))
        let locked = JoinFailures(accountID: "cleo", count: 5, lastFailureAt: Contract.at(Contract.minute), lockedUntil: Contract.at(Contract.hour))
        try stores.couples.save(locked)
        let theirs = JoinFailures(accountID: "ben", count: 2, lastFailureAt: Contract.at(1), lockedUntil: nil)
        try stores.couples.save(theirs)
        #expect(try stores.couples.joinFailures(accountID: "cleo") == locked)
        try stores.couples.clearJoinFailures(accountID: "cleo")
        try stores.couples.clearJoinFailures(accountID: "cleo")
        #expect(try stores.couples.joinFailures(accountID: "cleo") == nil)
        #expect(try stores.couples.joinFailures(accountID: "ben") == theirs)
    }

    // MARK: Locations

    @Test("a member's location: saved, then moved (its creation stays)", arguments: Backend.allCases)
    func locations(_ backend: Backend) throws {
        let stores = try paired(backend)
        #expect(try stores.couples.location(accountID: "ana") == nil)
        let seoul = MemberLocation(accountID: "ana", city: "서울", latitude: 37.5665, longitude: 126.978, createdAt: Contract.at(0),
                                   updatedAt: Contract.at(0))
        try stores.couples.save(seoul)
        #expect(try stores.couples.location(accountID: "ana") == seoul)
        let berlin = MemberLocation(accountID: "ana", city: "Berlin", latitude: 52.52, longitude: 13.405, createdAt: Contract.at(Contract.day),
                                    updatedAt: Contract.at(Contract.day))
        try stores.couples.save(berlin)
        #expect(try stores.couples.location(accountID: "ana") == MemberLocation(accountID: "ana", city: "Berlin", latitude: 52.52,
                                                                               longitude: 13.405, createdAt: Contract.at(0),
                                                                               updatedAt: Contract.at(Contract.day)))
        #expect(try stores.couples.location(accountID: "ben") == nil)
    }

    // MARK: Moods and meetings

    @Test("moods: saved and changed in place, found per author and day, listed newest day first", arguments: Backend.allCases)
    func moods(_ backend: Backend) throws {
        let stores = try paired(backend)
        var mine = MoodEntry(id: "m1", coupleID: "c", authorID: "ana", day: d("2026-04-02"), mood: .tired, status: "야근", note: "long day",
                             createdAt: Contract.at(0), updatedAt: Contract.at(0))
        try stores.couples.save(mine)
        #expect(try stores.couples.mood(coupleID: "c", authorID: "ana", day: d("2026-04-02")) == mine)
        mine.mood = .loving
        mine.status = nil
        mine.note = nil
        mine.updatedAt = Contract.at(Contract.minute)
        try stores.couples.save(mine)
        #expect(try stores.couples.mood(coupleID: "c", authorID: "ana", day: d("2026-04-02")) == mine)
        #expect(try stores.couples.mood(coupleID: "c", authorID: "ben", day: d("2026-04-02")) == nil)
        #expect(try stores.couples.mood(coupleID: "c", authorID: "ana", day: d("2026-04-01")) == nil)

        try stores.couples.save(mood("m2", author: "ben", day: "2026-04-02", updated: Contract.hour))
        try stores.couples.save(mood("m3", author: "ben", day: "2026-04-01"))
        try stores.couples.save(mood("m4", author: "ben", day: "2026-04-05"))
        // Newest day first; within a day, the latest change first.
        #expect(try stores.couples.moods(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-02")).map(\.id) == ["m2", "m1", "m3"])
        #expect(try stores.couples.moods(coupleID: "c", from: d("2026-04-03"), through: d("2026-04-04")).isEmpty)
        #expect(try stores.couples.moods(coupleID: "other", from: d("2026-01-01"), through: d("2026-12-31")).isEmpty)
    }

    @Test("meetings: saved and changed in place, listed by day", arguments: Backend.allCases)
    func meetings(_ backend: Backend) throws {
        let stores = try paired(backend)
        var next = Meeting(id: "g1", coupleID: "c", authorID: "ana", day: d("2026-06-01"), place: "인천공항", createdAt: Contract.at(0),
                           updatedAt: Contract.at(0))
        let first = Meeting(id: "g2", coupleID: "c", authorID: "ben", day: d("2026-05-01"), place: nil, createdAt: Contract.at(1),
                            updatedAt: Contract.at(1))
        try stores.couples.save(next)
        try stores.couples.save(first)
        #expect(try stores.couples.meetings(coupleID: "c") == [first, next])
        next.authorID = "ben"
        next.day = d("2026-04-20")
        next.place = nil
        next.updatedAt = Contract.at(Contract.minute)
        try stores.couples.save(next)
        #expect(try stores.couples.meetings(coupleID: "c") == [next, first])
        #expect(try stores.couples.meetings(coupleID: "other").isEmpty)
    }

    // MARK: Calendar

    @Test("events: every field round-trips, changes in place, leaves when deleted, by start day", arguments: Backend.allCases)
    func events(_ backend: Backend) throws {
        let stores = try paired(backend)
        var dinner = CalendarEvent(id: "e1", coupleID: "c", authorID: "ana", title: "Dinner", whoseAccountID: "ben", isAllDay: false,
                                   startDay: d("2026-05-03"), endDay: d("2026-05-03"), startsAt: Contract.at(Contract.hour),
                                   endsAt: Contract.at(2 * Contract.hour), timeZone: "Asia/Seoul", recurrence: .weekly,
                                   createdAt: Contract.at(0), updatedAt: Contract.at(1))
        let trip = CalendarEvent(id: "e2", coupleID: "c", authorID: "ben", title: "여행", whoseAccountID: nil, isAllDay: true,
                                 startDay: d("2026-05-01"), endDay: d("2026-05-04"), startsAt: nil, endsAt: nil, timeZone: "Europe/Berlin",
                                 recurrence: nil, createdAt: Contract.at(2), updatedAt: Contract.at(3))
        try stores.couples.save(dinner)
        try stores.couples.save(trip)
        #expect(try stores.couples.event(coupleID: "c", id: "e1") == dinner)
        #expect(try stores.couples.events(coupleID: "c") == [trip, dinner])
        #expect(try stores.couples.event(coupleID: "other", id: "e1") == nil)

        dinner.title = "Late dinner"
        dinner.whoseAccountID = nil
        dinner.isAllDay = true
        dinner.startDay = d("2026-04-30")
        dinner.endDay = d("2026-05-01")
        dinner.startsAt = nil
        dinner.endsAt = nil
        dinner.timeZone = "UTC"
        dinner.recurrence = .yearly
        dinner.updatedAt = Contract.at(Contract.minute)
        try stores.couples.save(dinner)
        #expect(try stores.couples.events(coupleID: "c") == [dinner, trip])

        dinner.deletedAt = Contract.at(Contract.hour)
        try stores.couples.save(dinner)
        #expect(try stores.couples.event(coupleID: "c", id: "e1") == nil)
        #expect(try stores.couples.events(coupleID: "c") == [trip])
    }

    @Test("calendar checks: per couple, from the first day through the last, by day", arguments: Backend.allCases)
    func checks(_ backend: Backend) throws {
        let stores = try paired(backend)
        let later = CalendarCheck(id: "k1", coupleID: "c", accountID: "ana", day: d("2026-04-03"), createdAt: Contract.at(0))
        let earlier = CalendarCheck(id: "k2", coupleID: "c", accountID: "ben", day: d("2026-04-01"), createdAt: Contract.at(1))
        let outside = CalendarCheck(id: "k3", coupleID: "c", accountID: "ben", day: d("2026-04-04"), createdAt: Contract.at(2))
        for check in [later, earlier, outside] { try stores.couples.insert(check) }
        #expect(try stores.couples.checks(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-03")) == [earlier, later])
        #expect(try stores.couples.checks(coupleID: "other", from: d("2026-01-01"), through: d("2026-12-31")).isEmpty)
        #expect(throws: (any Error).self) { try stores.couples.insert(later) }
    }

    // MARK: Care

    @Test("care items: every field round-trips, changes in place, leaves when deleted, oldest first", arguments: Backend.allCases)
    func care(_ backend: Backend) throws {
        let stores = try paired(backend)
        var pills = CareItem(id: "i1", coupleID: "c", authorID: "ana", forAccountID: "ben", text: "take the pills", due: d("2026-04-02"),
                             createdAt: Contract.at(0), updatedAt: Contract.at(0))
        let water = CareItem(id: "i2", coupleID: "c", authorID: "ben", forAccountID: "ana", text: "물 마시기", due: nil,
                             createdAt: Contract.at(1), updatedAt: Contract.at(1))
        try stores.couples.save(water)
        try stores.couples.save(pills)
        #expect(try stores.couples.careItems(coupleID: "c") == [pills, water])
        pills.text = "take the blue pills"
        pills.due = nil
        pills.doneBy = "ben"
        pills.doneAt = Contract.at(Contract.hour)
        pills.doneDay = d("2026-04-02")
        pills.updatedAt = Contract.at(Contract.hour)
        try stores.couples.save(pills)
        #expect(try stores.couples.careItem(coupleID: "c", id: "i1") == pills)
        #expect(try stores.couples.careItem(coupleID: "other", id: "i1") == nil)
        pills.deletedAt = Contract.at(2 * Contract.hour)
        try stores.couples.save(pills)
        #expect(try stores.couples.careItem(coupleID: "c", id: "i1") == nil)
        #expect(try stores.couples.careItems(coupleID: "c") == [water])
    }

    // MARK: Photos

    @Test("photos: every field round-trips, change in place, leave when deleted; references count live ones", arguments: Backend.allCases)
    func photos(_ backend: Backend) throws {
        let stores = try paired(backend)
        var first = CouplePhoto(id: "p1", coupleID: "c", authorID: "ben", day: d("2026-04-01"), sha256: "aa", format: .heic, byteCount: 2048,
                                caption: "벚꽃", createdAt: Contract.at(0), updatedAt: Contract.at(0))
        try stores.couples.save(first)
        try stores.couples.save(photo("p2", day: "2026-04-02", sha: "aa"))
        try stores.couples.save(photo("p3", day: "2026-04-01", sha: "bb", updated: Contract.hour))
        try stores.couples.save(photo("p4", day: "2026-04-09", sha: "bb"))
        #expect(try stores.couples.photo(coupleID: "c", id: "p1") == first)
        #expect(try stores.couples.photo(coupleID: "other", id: "p1") == nil)
        // Newest day first; within a day, the latest change first.
        #expect(try stores.couples.photos(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-02")).map(\.id) == ["p2", "p3", "p1"])
        #expect(try stores.couples.photoReferences(sha256: "aa") == 2)

        first.sha256 = "cc"
        first.format = .jpeg
        first.byteCount = 1000
        first.caption = nil
        first.updatedAt = Contract.at(Contract.minute)
        try stores.couples.save(first)
        #expect(try stores.couples.photo(coupleID: "c", id: "p1") == first)
        #expect(try stores.couples.photoReferences(sha256: "aa") == 1)
        first.deletedAt = Contract.at(Contract.hour)
        try stores.couples.save(first)
        #expect(try stores.couples.photo(coupleID: "c", id: "p1") == nil)
        #expect(try stores.couples.photoReferences(sha256: "cc") == 0)
        #expect(try stores.couples.photos(coupleID: "c", from: d("2026-04-01"), through: d("2026-04-30")).map(\.id) == ["p4", "p2", "p3"])
    }
}
