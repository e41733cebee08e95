import Core
@testable import Domain
import Foundation
import Testing

// MARK: - A tiny JPEG, with or without a location-bearing Exif block

private enum CoupleJPEG {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] { [[0xFF, marker], be16(payload.count + 2), payload].joined().map { $0 } }
    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static let eoi: [UInt8] = [0xFF, 0xD9]
    static let jfif = segment(0xE0, text("JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0])
    /// APP1 Exif: a TIFF header pointing at a GPS IFD, and the coordinates in clear.
    static let exif = segment(0xE1, [text("Exif\0\0"), text("MM"), [0, 0x2A, 0, 0, 0, 8, 0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26],
                                     text("GPS 48.8566 N 2.3522 E")].joined().map { $0 })
    static let dqt = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    static let sof = segment(0xC0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
    static let dht = segment(0xC4, [0] + [UInt8](repeating: 0, count: 15) + [1, 0])
    static let sos = segment(0xDA, [1, 1, 0, 0, 63, 0])

    /// A one-pixel JPEG whose entropy-coded data is `scan` (different scans, different photos).
    static func image(_ scan: [UInt8], gps: Bool = true) -> Data {
        let parts: [[UInt8]] = gps ? [soi, jfif, exif, dqt, sof, dht, sos, scan, eoi] : [soi, jfif, dqt, sof, dht, sos, scan, eoi]
        return Data(parts.joined())
    }
}

private func contains(_ data: Data, _ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }

private func expectNotPaired(_ error: AppError?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error?.kind == .notFound, "\(what): \(String(describing: error?.kind))", sourceLocation: sourceLocation)
    #expect(error?.code == "not_paired", "\(what): \(String(describing: error?.code))", sourceLocation: sourceLocation)
}

/// The Paris/Seoul/Los Angeles wall clock of an instant, `HH:MM`.
private func wallTime(_ instant: Date?, _ zone: String) -> String? {
    instant.map { TimeZone(identifier: zone)!.localTime(of: $0).description }
}

@Suite("Couple rules")
struct CoupleRulesTests {}

// MARK: - Invites and pairing

extension CoupleRulesTests {
    @Suite("Invites and pairing")
    struct Invites {
        let t0 = utc("2026-03-10 09:00")

        @Test("a random code is 8 characters of the alphabet without 0/O/1/I/L")
        func randomCodes() {
            let alphabet = Set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
            #expect(CoupleUseCases.codeAlphabet == Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ"))
            #expect(CoupleUseCases.codeLength == 8)
            var codes: [String] = []
            for _ in 0..<1000 { codes.append(CoupleUseCases.randomCode()) }
            #expect(codes.allSatisfy { $0.count == 8 })
            #expect(codes.allSatisfy { $0.allSatisfy(alphabet.contains) })
            #expect(!codes.contains { code in code.contains { "0O1IL".contains($0) } })
            #expect(Set(codes).count > 990)
            // Every letter of the alphabet shows up in 8,000 draws (the generator uses all of it).
            #expect(Set(codes.joined()) == alphabet)
        }

        @Test("a typed code is upper-cased, spaces and dashes dropped")
        func normalizedCode() {
            #expect(CoupleUseCases.normalizedCode("  abcd-2345 ") == "ABCD2345")
            #expect(CoupleUseCases.normalizedCode("k7 m9-p2q3") == "K7M9P2Q3")
            #expect(CoupleUseCases.normalizedCode("K7M9P2Q3") == "K7M9P2Q3")
        }

        @Test("a code typed in lower case with a dash and spaces joins")
        func joinWithATypedCode() throws {
            let world = CoupleWorld(now: t0, codes: ["K7M9P2Q3"])
            try world.addAccount("ana")
            try world.addAccount("ben")
            _ = try world.useCases.createInvite(accountID: "ana")
            let couple = try world.useCases.join(accountID: "ben", code: " k7m9-p2q3 ")
            #expect(couple.memberIDs == ["ana", "ben"])
            #expect(couple.isActive)
            #expect(world.memory.writesOutsideTransaction == 0)
        }

        @Test("a new invite revokes the previous one")
        func newInviteRevokesThePrevious() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            try world.addAccount("ben")
            let first = try world.useCases.createInvite(accountID: "ana")
            world.advance(minutes: 5)
            let second = try world.useCases.createInvite(accountID: "ana")
            #expect(first.code != second.code)
            #expect(try world.couples.invite(code: first.code)?.revokedAt == world.now)
            #expect(try world.couples.usableInvites(accountID: "ana", at: world.now).map(\.id) == [second.id])

            let error = coupleError { _ = try world.useCases.join(accountID: "ben", code: first.code) }
            #expect(error?.kind == .gone)
            #expect(error?.code == "invite_expired")
            #expect(try world.useCases.join(accountID: "ben", code: second.code).memberIDs == ["ana", "ben"])
        }

        @Test("an invite expires after exactly 24 hours")
        func expiryAfter24Hours() throws {
            let world = CoupleWorld(now: t0)
            for id in ["ana", "ben", "cleo", "dan"] { try world.addAccount(id) }
            let anas = try world.useCases.createInvite(accountID: "ana")
            let cleos = try world.useCases.createInvite(accountID: "cleo")
            #expect(anas.expiresAt == t0.addingTimeInterval(24 * 3600))
            #expect(anas.createdAt == t0)

            world.move(to: t0.addingTimeInterval(24 * 3600 - 1))
            #expect(try world.useCases.join(accountID: "ben", code: anas.code).memberIDs == ["ana", "ben"])

            world.move(to: t0.addingTimeInterval(24 * 3600))
            let error = coupleError { _ = try world.useCases.join(accountID: "dan", code: cleos.code) }
            #expect(error?.kind == .gone)
            #expect(error?.code == "invite_expired")
        }

        @Test("an account cannot join its own invite")
        func ownInvite() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            let invite = try world.useCases.createInvite(accountID: "ana")
            let error = coupleError { _ = try world.useCases.join(accountID: "ana", code: invite.code) }
            #expect(error?.kind == .conflict)
            #expect(error?.code == "own_invite")
            #expect(try world.couples.joinFailures(accountID: "ana") == nil)
            #expect(try world.couples.invite(code: invite.code)?.isUsable(at: world.now) == true)
        }

        @Test("a member of a couple can neither invite nor join")
        func joinerAlreadyPaired() throws {
            let world = CoupleWorld(now: t0)
            try world.pair("ana", with: "ben")
            try world.addAccount("cleo")
            let invite = try world.useCases.createInvite(accountID: "cleo")

            let joining = coupleError { _ = try world.useCases.join(accountID: "ben", code: invite.code) }
            #expect(joining?.kind == .conflict)
            #expect(joining?.code == "already_paired")
            let inviting = coupleError { _ = try world.useCases.createInvite(accountID: "ana") }
            #expect(inviting?.kind == .conflict)
            #expect(inviting?.code == "already_paired")
            #expect(try world.couples.invite(code: invite.code)?.usedAt == nil)
        }

        @Test("an invite whose maker is meanwhile in a couple is refused")
        func inviterAlreadyPaired() throws {
            let world = CoupleWorld(now: t0)
            for id in ["dan", "eve", "cleo"] { try world.addAccount(id) }
            let invite = try world.useCases.createInvite(accountID: "dan")
            // Dan got into a couple by another way (another device, at the same moment).
            world.memory.seed { $0.couples["other"] = Couple(id: "other", memberIDs: ["eve", "dan"], createdAt: self.t0) }

            let error = coupleError { _ = try world.useCases.join(accountID: "cleo", code: invite.code) }
            #expect(error?.kind == .conflict)
            #expect(error?.code == "already_paired")
            expectNotPaired(coupleError { _ = try world.useCases.activeCouple(accountID: "cleo") }, "cleo stays unpaired")
            #expect(try world.couples.invite(code: invite.code)?.usedAt == nil)
        }

        @Test("joining revokes the joiner's own open invites")
        func joiningRevokesTheJoinersInvites() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            try world.addAccount("ben")
            let anas = try world.useCases.createInvite(accountID: "ana")
            let bens = try world.useCases.createInvite(accountID: "ben")
            _ = try world.useCases.join(accountID: "ben", code: anas.code)
            #expect(try world.couples.invite(code: bens.code)?.revokedAt == t0)
            #expect(try world.couples.invite(code: anas.code)?.usedAt == t0)
        }

        @Test("an unknown or malformed code is invite_not_found")
        func unknownCode() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ben")
            for code in ["ZZZZZZZZ", "12345", "", "ZZZZZZZZZ"] {
                let error = coupleError { _ = try world.useCases.join(accountID: "ben", code: code) }
                #expect(error?.kind == .notFound, "\(code)")
                #expect(error?.code == "invite_not_found", "\(code)")
            }
        }

        @Test("a used, expired or revoked code is gone (invite_expired)")
        func usedExpiredRevoked() throws {
            let world = CoupleWorld(now: t0)
            for id in ["ana", "ben", "cleo", "dan", "eve", "fay"] { try world.addAccount(id) }
            let used = try world.useCases.createInvite(accountID: "ana")
            _ = try world.useCases.join(accountID: "ben", code: used.code)
            let revoked = try world.useCases.createInvite(accountID: "dan")
            _ = try world.useCases.createInvite(accountID: "dan")
            let expired = try world.useCases.createInvite(accountID: "eve")
            world.advance(hours: 25)

            for (what, code) in [("used", used.code), ("revoked", revoked.code), ("expired", expired.code)] {
                let error = coupleError { _ = try world.useCases.join(accountID: what == "used" ? "cleo" : "fay", code: code) }
                #expect(error?.kind == .gone, "\(what)")
                #expect(error?.code == "invite_expired", "\(what)")
            }
            // Those refusals are not guesses: they do not count against the throttle.
            #expect(try world.couples.joinFailures(accountID: "cleo") == nil)
            #expect(try world.couples.joinFailures(accountID: "fay") == nil)
        }

        @Test("five wrong codes lock for 60 s, one more after the wait locks for 120 s, a success clears them")
        func throttle() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            try world.addAccount("ben")
            let invite = try world.useCases.createInvite(accountID: "ana")
            for attempt in 1...5 {
                let error = coupleError { _ = try world.useCases.join(accountID: "ben", code: "ZZZZZZZZ") }
                #expect(error?.code == "invite_not_found", "attempt \(attempt)")
            }
            // The sixth attempt is refused even with the right code.
            let sixth = coupleError { _ = try world.useCases.join(accountID: "ben", code: invite.code) }
            #expect(sixth?.kind == .tooManyRequests)
            #expect(sixth?.code == "too_many_attempts")
            #expect(sixth?.details as? Int == 60)

            world.advance(seconds: 30)
            #expect(coupleError { _ = try world.useCases.join(accountID: "ben", code: "ZZZZZZZZ") }?.details as? Int == 30)

            world.advance(seconds: 30)
            let afterWait = coupleError { _ = try world.useCases.join(accountID: "ben", code: "ZZZZZZZY") }
            #expect(afterWait?.code == "invite_not_found")
            let locked = coupleError { _ = try world.useCases.join(accountID: "ben", code: invite.code) }
            #expect(locked?.kind == .tooManyRequests)
            #expect(locked?.details as? Int == 120)

            world.advance(seconds: 120)
            #expect(try world.useCases.join(accountID: "ben", code: invite.code).memberIDs == ["ana", "ben"])
            #expect(try world.couples.joinFailures(accountID: "ben") == nil)
        }

        @Test("wrong codes from one address count across accounts: 10 at once, then 429 even for the right code, one more every 6 minutes")
        func throttlePerAddress() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            let invite = try world.useCases.createInvite(accountID: "ana")
            // Fresh accounts, each under its own throttle (4 wrong codes each), from one address.
            let guessers = (1...4).map { "guesser\($0)" }
            for id in guessers { try world.addAccount(id) }
            var wrong = 0
            for id in guessers {
                for _ in 1...4 where wrong < 10 {
                    let error = coupleError { _ = try world.useCases.join(accountID: id, code: "ZZZZZZZZ", from: "203.0.113.7") }
                    #expect(error?.code == "invite_not_found")
                    wrong += 1
                }
            }
            #expect(try world.couples.joinFailures(accountID: "guesser3")?.lockedUntil == nil, "no account is locked by itself")
            try world.addAccount("ben")
            let refused = coupleError { _ = try world.useCases.join(accountID: "ben", code: invite.code, from: "203.0.113.7") }
            #expect(refused?.kind == .tooManyRequests)
            #expect(refused?.code == "too_many_attempts")
            #expect(refused?.details as? Int == 360)
            #expect(refused?.message.contains("from this address") == true)
            #expect(try world.couples.joinFailures(accountID: "ben") == nil, "a refusal is not a guess")

            // Another address is not held; a right code is not counted.
            #expect(try world.useCases.join(accountID: "ben", code: invite.code, from: "198.51.100.1").memberIDs == ["ana", "ben"])
            world.advance(minutes: 6)
            let afterWait = coupleError { _ = try world.useCases.join(accountID: "guesser4", code: "ZZZZZZZY", from: "203.0.113.7") }
            #expect(afterWait?.code == "invite_not_found")
            let again = coupleError { _ = try world.useCases.join(accountID: "guesser4", code: "ZZZZZZZX", from: "203.0.113.7") }
            #expect(again?.details as? Int == 360)
            #expect(world.memory.tables.clientThrottles.values.map(\.client) == ["digest(203.0.113.7)"])
        }

        @Test("refusals that are not guesses do not count against the address")
        func notGuessesPerAddress() throws {
            let world = CoupleWorld(now: t0)
            try world.addAccount("ana")
            let invite = try world.useCases.createInvite(accountID: "ana")
            for _ in 1...12 {
                let error = coupleError { _ = try world.useCases.join(accountID: "ana", code: invite.code, from: "203.0.113.7") }
                #expect(error?.code == "own_invite")
            }
            #expect(world.memory.tables.clientThrottles.isEmpty)
        }

        @Test("after a success, wrong codes count from zero again")
        func successClearsTheFailures() throws {
            let world = CoupleWorld(now: t0)
            for id in ["ana", "ben", "cleo"] { try world.addAccount(id) }
            let invite = try world.useCases.createInvite(accountID: "ana")
            for _ in 1...4 { _ = coupleError { _ = try world.useCases.join(accountID: "ben", code: "ZZZZZZZZ") } }
            #expect(try world.couples.joinFailures(accountID: "ben")?.count == 4)
            _ = try world.useCases.join(accountID: "ben", code: invite.code)
            #expect(try world.couples.joinFailures(accountID: "ben") == nil)

            try world.useCases.disconnect(accountID: "ana")
            _ = try world.useCases.createInvite(accountID: "cleo")
            for attempt in 1...4 {
                let error = coupleError { _ = try world.useCases.join(accountID: "ben", code: "ZZZZZZZZ") }
                #expect(error?.code == "invite_not_found", "attempt \(attempt) after the success")
            }
            let record = try world.couples.joinFailures(accountID: "ben")
            #expect(record?.count == 4)
            #expect(record?.lockedUntil == nil)
        }

        @Test("a new code never repeats a live one")
        func codeClash() throws {
            let world = CoupleWorld(now: t0, codes: ["AAAA2222", "AAAA2222", "BBBB3333"])
            try world.addAccount("ana")
            try world.addAccount("ben")
            #expect(try world.useCases.createInvite(accountID: "ana").code == "AAAA2222")
            #expect(try world.useCases.createInvite(accountID: "ben").code == "BBBB3333")
        }

        @Test("disconnecting ends the couple for both, and both may pair again")
        func disconnect() throws {
            let world = CoupleWorld(now: t0)
            let couple = try world.pair("ana", with: "ben")
            world.advance(hours: 1)
            try world.useCases.disconnect(accountID: "ben")
            let stored = try #require(try world.couples.couple(id: couple.id))
            #expect(stored.disconnectedAt == world.now)
            #expect(stored.disconnectedBy == "ben")
            expectNotPaired(coupleError { _ = try world.useCases.activeCouple(accountID: "ana") }, "ana")
            expectNotPaired(coupleError { try world.useCases.disconnect(accountID: "ana") }, "disconnect twice")
            let invite = try world.useCases.createInvite(accountID: "ana")
            #expect(try world.useCases.join(accountID: "ben", code: invite.code).id != couple.id)
            #expect(try world.couples.couples(accountID: "ana").count == 2)
        }
    }
}

// MARK: - Outside a couple

extension CoupleRulesTests {
    @Suite("Outside a couple")
    struct NotPaired {
        static func everyUseCase(_ useCases: CoupleUseCases, _ id: String) -> [(String, () throws -> Void)] {
            let meeting = Meeting(id: "m", coupleID: "c", authorID: id, day: date("2026-06-01"), place: nil,
                                  createdAt: utc("2026-03-10 09:00"), updatedAt: utc("2026-03-10 09:00"))
            return [
                ("setMood", { _ = try useCases.setMood(accountID: id, mood: .happy, status: "ok", note: nil) }),
                ("moods", { _ = try useCases.moods(accountID: id, from: nil, through: nil) }),
                ("setMeeting", { _ = try useCases.setMeeting(accountID: id, day: date("2026-06-01"), place: "Paris") }),
                ("meetings", { _ = try useCases.meetings(accountID: id) }),
                ("countdowns", { _ = try useCases.countdowns(accountID: id, to: meeting) }),
                ("addEvent", { _ = try useCases.addEvent(accountID: id, .init(title: "Dinner", start: "2026-06-01")) }),
                ("editEvent", { _ = try useCases.editEvent(accountID: id, id: "e", .init(title: "x")) }),
                ("deleteEvent", { try useCases.deleteEvent(accountID: id, id: "e") }),
                ("calendar", { _ = try useCases.calendar(accountID: id, month: nil) }),
                ("markCalendarChecked", { _ = try useCases.markCalendarChecked(accountID: id) }),
                ("addCare", { _ = try useCases.addCare(accountID: id, text: "vitamins", for: .me, due: nil) }),
                ("careList", { _ = try useCases.careList(accountID: id) }),
                ("completeCare", { _ = try useCases.completeCare(accountID: id, id: "c") }),
                ("deleteCare", { try useCases.deleteCare(accountID: id, id: "c") }),
                ("putPhoto", { _ = try useCases.putPhoto(accountID: id, data: CoupleJPEG.image([1, 2, 3]), caption: nil) }),
                ("photos", { _ = try useCases.photos(accountID: id, on: nil) }),
                ("bridge", { _ = try useCases.bridge(accountID: id, on: nil) }),
                ("home", { _ = try useCases.home(accountID: id, on: nil) }),
                ("members", { _ = try useCases.members(accountID: id) }),
                ("disconnect", { try useCases.disconnect(accountID: id) }),
            ]
        }

        @Test("an account in no couple gets not_paired from every use case")
        func outsider() throws {
            let world = CoupleWorld(now: utc("2026-03-10 09:00"))
            try world.pair("ana", with: "ben")
            try world.addAccount("cleo")
            _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: nil, note: nil)
            for (name, call) in Self.everyUseCase(world.useCases, "cleo") {
                expectNotPaired(coupleError(call), name)
            }
            #expect(world.memory.tables.moods.count == 1)
            #expect(world.photoStore.hashes.isEmpty)
        }

        @Test("after a disconnection both former members get not_paired")
        func formerMembers() throws {
            let world = CoupleWorld(now: utc("2026-03-10 09:00"))
            try world.pair("ana", with: "ben")
            try world.useCases.disconnect(accountID: "ana")
            for member in ["ana", "ben"] {
                for (name, call) in Self.everyUseCase(world.useCases, member) {
                    expectNotPaired(coupleError(call), "\(member) \(name)")
                }
            }
        }
    }
}

// MARK: - Mood

extension CoupleRulesTests {
    @Suite("Mood")
    struct Moods {
        @Test("a second mood the same local day replaces the first; a new local day adds one")
        func oneMoodPerLocalDay() throws {
            // 23:00 in Seoul is 14:00 UTC: the next Seoul day starts while UTC is still on the same date.
            let world = CoupleWorld(now: seoul("2026-03-10 23:00"))
            try world.pair("ana", with: "ben")
            let first = try world.useCases.setMood(accountID: "ana", mood: .happy, status: "first", note: "note")
            world.advance(minutes: 40)
            let second = try world.useCases.setMood(accountID: "ana", mood: .tired, status: "second", note: nil)
            #expect(second.id == first.id)
            #expect(second.createdAt == first.createdAt)
            #expect(second.updatedAt == world.now)
            let sameDay = try world.useCases.moods(accountID: "ana", from: nil, through: nil)
            #expect(sameDay.count == 1)
            #expect(sameDay.first?.mood == .tired)
            #expect(sameDay.first?.status == "second")
            #expect(sameDay.first?.note == nil)
            #expect(sameDay.first?.day == date("2026-03-10"))

            world.advance(minutes: 30) // Seoul 2026-03-11 00:10, UTC 2026-03-10 15:10
            _ = try world.useCases.setMood(accountID: "ana", mood: .calm, status: nil, note: nil)
            let moods = try world.useCases.moods(accountID: "ben", from: nil, through: nil)
            #expect(moods.map(\.day) == [date("2026-03-11"), date("2026-03-10")])
            #expect(moods.map(\.mood) == [.calm, .tired])
        }

        @Test("a status is at most 60 characters; a blank one is none")
        func statusLimits() throws {
            let world = CoupleWorld(now: utc("2026-03-10 09:00"))
            try world.pair("ana", with: "ben")
            let tooLong = coupleError {
                _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: String(repeating: "a", count: 61), note: nil)
            }
            #expect(tooLong?.kind == .invalidInput)
            #expect(tooLong?.code == "invalid_status")
            #expect(world.memory.tables.moods.isEmpty)

            let sixty = String(repeating: "💜", count: 60)
            #expect(try world.useCases.setMood(accountID: "ana", mood: .loving, status: sixty, note: nil).status == sixty)
            #expect(try world.useCases.setMood(accountID: "ana", mood: .loving, status: "   ", note: "\n").status == nil)
            #expect(try world.useCases.setMood(accountID: "ana", mood: .loving, status: "  ok  ", note: nil).status == "ok")
            let note = coupleError {
                _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: nil, note: String(repeating: "n", count: 501))
            }
            #expect(note?.code == "invalid_note")
        }
    }
}

// MARK: - Meeting

extension CoupleRulesTests {
    @Suite("Meeting")
    struct Meetings {
        @Test("D-day strings")
        func dDay() {
            #expect(Meeting.dDay(date("2026-03-13"), from: date("2026-03-01")) == "D-12")
            #expect(Meeting.dDay(date("2026-03-01"), from: date("2026-03-01")) == "D-day")
            #expect(Meeting.dDay(date("2026-02-26"), from: date("2026-03-01")) == "D+3")
            #expect(Meeting.dDay(date("2027-01-01"), from: date("2026-12-31")) == "D-1")
        }

        @Test("setting the meeting replaces the upcoming one and keeps past ones")
        func replacesUpcomingKeepsPast() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let first = try world.useCases.setMeeting(accountID: "ana", day: date("2026-04-10"), place: "Incheon")
            let moved = try world.useCases.setMeeting(accountID: "ben", day: date("2026-04-20"), place: nil)
            #expect(moved.id == first.id)
            #expect(moved.authorID == "ben")
            #expect(try world.useCases.meetings(accountID: "ana").map(\.day) == [date("2026-04-20")])

            world.move(to: seoul("2026-04-21 09:00"))
            let next = try world.useCases.setMeeting(accountID: "ana", day: date("2026-05-01"), place: "Paris")
            #expect(next.id != first.id)
            let all = try world.useCases.meetings(accountID: "ana")
            #expect(all.map(\.day) == [date("2026-05-01"), date("2026-04-20")])
            #expect(all.map(\.place) == ["Paris", nil])
        }

        @Test("a meeting in the past or beyond ten years is invalid_date; today is fine")
        func invalidDates() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let past = coupleError { _ = try world.useCases.setMeeting(accountID: "ana", day: date("2026-03-31"), place: nil) }
            #expect(past?.kind == .invalidInput)
            #expect(past?.code == "invalid_date")
            let far = coupleError { _ = try world.useCases.setMeeting(accountID: "ana", day: date("2036-12-31"), place: nil) }
            #expect(far?.code == "invalid_date")
            #expect(try world.useCases.setMeeting(accountID: "ana", day: date("2026-04-01"), place: nil).day == date("2026-04-01"))
            let place = coupleError {
                _ = try world.useCases.setMeeting(accountID: "ana", day: date("2026-04-02"), place: String(repeating: "p", count: 101))
            }
            #expect(place?.code == "invalid_place")
        }

        @Test("each member counts down on their own date (Seoul past midnight, Los Angeles still the day before)")
        func countdownsPerMember() throws {
            // 15:30 UTC: 00:30 on 10 April in Seoul, 08:30 on 9 April in Los Angeles.
            let world = CoupleWorld(now: utc("2026-04-09 15:30"))
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "America/Los_Angeles")
            let meeting = try world.useCases.setMeeting(accountID: "ana", day: date("2026-04-12"), place: nil)
            #expect(try world.useCases.countdowns(accountID: "ben", to: meeting) == ["ana": "D-2", "ben": "D-3"])
            let home = try world.useCases.home(accountID: "ana", on: nil)
            #expect(home.meeting?.id == meeting.id)
            #expect(home.countdowns == ["ana": "D-2", "ben": "D-3"])

            let today = try world.useCases.setMeeting(accountID: "ana", day: date("2026-04-10"), place: nil)
            #expect(try world.useCases.countdowns(accountID: "ana", to: today) == ["ana": "D-day", "ben": "D-1"])
        }
    }
}

// MARK: - Calendar

extension CoupleRulesTests {
    @Suite("Calendar")
    struct CalendarRules {
        let created = utc("2026-01-01 00:00")

        func allDay(_ start: String, _ end: String? = nil, repeats: EventRecurrence? = nil) -> CalendarEvent {
            CalendarEvent(id: "e", coupleID: "c", authorID: "ana", title: "t", whoseAccountID: nil, isAllDay: true,
                          startDay: date(start), endDay: date(end ?? start), startsAt: nil, endsAt: nil, timeZone: "Asia/Seoul",
                          recurrence: repeats, createdAt: created, updatedAt: created)
        }

        func timed(_ start: String, minutes: Double, zone: String, repeats: EventRecurrence?) -> CalendarEvent {
            let startsAt = local(start, in: zone)
            let day = TimeZone(identifier: zone)!.localDate(of: startsAt)
            return CalendarEvent(id: "e", coupleID: "c", authorID: "ana", title: "t", whoseAccountID: nil, isAllDay: false,
                                 startDay: day, endDay: day, startsAt: startsAt, endsAt: startsAt.addingTimeInterval(minutes * 60),
                                 timeZone: zone, recurrence: repeats, createdAt: created, updatedAt: created)
        }

        @Test("a yearly event on 29 February occurs only in leap years")
        func yearlyLeapDay() {
            let event = allDay("2024-02-29", repeats: .yearly)
            let days = event.occurrences(from: date("2025-01-01"), through: date("2032-12-31")).map(\.startDay)
            #expect(days == [date("2028-02-29"), date("2032-02-29")])
            #expect(event.occurrences(from: date("2025-01-01"), through: date("2027-12-31")).isEmpty)
            #expect(allDay("2020-05-17", repeats: .yearly).occurrences(from: date("2026-01-01"), through: date("2026-12-31"))
                .map(\.startDay) == [date("2026-05-17")])
        }

        @Test("a monthly event on the 31st skips the shorter months")
        func monthlyOnThe31st() {
            let days = allDay("2026-01-31", repeats: .monthly).occurrences(from: date("2026-01-01"), through: date("2026-12-31"))
                .map(\.startDay.description)
            #expect(days == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31"])
        }

        @Test("a weekly event carries on across a month edge")
        func weeklyAcrossAMonthEdge() {
            let event = allDay("2026-01-28", repeats: .weekly)
            #expect(event.occurrences(from: date("2026-01-26"), through: date("2026-02-15")).map(\.startDay.description)
                == ["2026-01-28", "2026-02-04", "2026-02-11"])
            #expect(event.occurrences(from: date("2026-02-01"), through: date("2026-02-28")).map(\.startDay.description)
                == ["2026-02-04", "2026-02-11", "2026-02-18", "2026-02-25"])
            #expect(event.occurrences(from: date("2026-01-01"), through: date("2026-01-27")).isEmpty)
        }

        @Test("a multi-day all-day event that began before the range is included")
        func multiDayOverlappingTheRangeStart() {
            let trip = allDay("2026-03-30", "2026-04-02")
            let april = trip.occurrences(from: date("2026-04-01"), through: date("2026-04-30"))
            #expect(april.map(\.startDay) == [date("2026-03-30")])
            #expect(april.map(\.endDay) == [date("2026-04-02")])
            #expect(trip.occurrences(from: date("2026-04-03"), through: date("2026-04-30")).isEmpty)

            let newYear = allDay("2025-12-30", "2026-01-02", repeats: .yearly)
            let january = newYear.occurrences(from: date("2027-01-01"), through: date("2027-01-31"))
            #expect(january.map(\.startDay) == [date("2026-12-30")])
            #expect(january.map(\.endDay) == [date("2027-01-02")])

            let weekend = allDay("2026-01-30", "2026-02-01", repeats: .weekly) // Friday to Sunday
            let week = weekend.occurrences(from: date("2026-03-01"), through: date("2026-03-07"))
            #expect(week.map(\.startDay.description) == ["2026-02-27", "2026-03-06"])
            #expect(week.map(\.endDay.description) == ["2026-03-01", "2026-03-08"])

            let monthly = allDay("2026-01-28", "2026-02-02", repeats: .monthly)
            #expect(monthly.occurrences(from: date("2026-03-01"), through: date("2026-03-31")).map(\.startDay.description)
                == ["2026-02-28", "2026-03-28"])
        }

        @Test("a timed weekly event keeps its wall-clock time across the DST changes (Europe/Paris)")
        func weeklyAcrossDST() {
            let spring = timed("2026-03-23 19:00", minutes: 60, zone: "Europe/Paris", repeats: .weekly)
            let march = spring.occurrences(from: date("2026-03-23"), through: date("2026-04-06"))
            #expect(march.map { wallTime($0.startsAt, "Europe/Paris") } == ["19:00", "19:00", "19:00"])
            #expect(march.map(\.startsAt) == [utc("2026-03-23 18:00"), utc("2026-03-30 17:00"), utc("2026-04-06 17:00")])
            #expect(march.allSatisfy { occurrence in
                occurrence.endsAt.map { $0.timeIntervalSince(occurrence.startsAt!) } == 3600 })

            let autumn = timed("2026-10-19 19:00", minutes: 90, zone: "Europe/Paris", repeats: .weekly)
            let october = autumn.occurrences(from: date("2026-10-19"), through: date("2026-10-26"))
            #expect(october.map(\.startsAt) == [utc("2026-10-19 17:00"), utc("2026-10-26 18:00")])
            #expect(october.map { wallTime($0.endsAt, "Europe/Paris") } == ["20:30", "20:30"])
        }

        @Test("addEvent validates the title, the dates and the span")
        func addEventValidation() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let cases: [(String, CoupleUseCases.EventDraft, String)] = [
                ("empty title", .init(title: "", start: "2026-05-01"), "invalid_title"),
                ("blank title", .init(title: "   ", start: "2026-05-01"), "invalid_title"),
                ("long title", .init(title: String(repeating: "t", count: 101), start: "2026-05-01"), "invalid_title"),
                ("timed end before start", .init(title: "x", start: "2026-05-01T10:00", end: "2026-05-01T09:00"), "invalid_end"),
                ("all-day end before start", .init(title: "x", start: "2026-05-03", end: "2026-05-01"), "invalid_end"),
                ("over a year", .init(title: "x", start: "2026-01-01", end: "2027-01-03"), "invalid_end"),
                ("timed over a year", .init(title: "x", start: "2026-01-01T10:00", end: "2027-01-03T10:00"), "invalid_end"),
                ("year 1899", .init(title: "x", start: "1899-12-31"), "invalid_start"),
                ("year 2201", .init(title: "x", start: "2201-01-01"), "invalid_start"),
                ("timed year 2201", .init(title: "x", start: "2201-01-01T10:00"), "invalid_start"),
                ("not a date", .init(title: "x", start: "tomorrow"), "invalid_start"),
                ("bad end", .init(title: "x", start: "2026-05-01T10:00", end: "later"), "invalid_end"),
            ]
            for (name, draft, code) in cases {
                let error = coupleError { _ = try world.useCases.addEvent(accountID: "ana", draft) }
                #expect(error?.kind == .invalidInput, "\(name)")
                #expect(error?.code == code, "\(name)")
            }
            #expect(world.memory.tables.events.isEmpty)

            for (start, end) in [("1900-01-01", nil), ("2200-12-31", nil), ("2026-01-01", "2026-12-31")] as [(String, String?)] {
                #expect(throws: Never.self) { _ = try world.useCases.addEvent(accountID: "ana", .init(title: "ok", start: start, end: end)) }
            }
            let timed = try world.useCases.addEvent(accountID: "ana", .init(title: "  Call  ", start: "2026-05-01T21:30", end: "2026-05-01T22:00"))
            #expect(timed.title == "Call")
            #expect(!timed.isAllDay)
            #expect(timed.startsAt == seoul("2026-05-01 21:30"))
            #expect(timed.timeZone == "Asia/Seoul")
            let instant = try world.useCases.addEvent(accountID: "ana", .init(title: "x", start: "2026-05-01T12:00:00Z"))
            #expect(instant.startsAt == utc("2026-05-01 12:00"))
            #expect(instant.startDay == date("2026-05-01"))
        }

        @Test("scope me / partner / us maps to the account ids, and reads back from each side")
        func scopes() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let mine = try world.useCases.addEvent(accountID: "ana", .init(title: "dentist", start: "2026-04-10", scope: .me))
            let his = try world.useCases.addEvent(accountID: "ana", .init(title: "exam", start: "2026-04-11", scope: .partner))
            let ours = try world.useCases.addEvent(accountID: "ana", .init(title: "trip", start: "2026-04-12", scope: .us))
            #expect(mine.whoseAccountID == "ana")
            #expect(his.whoseAccountID == "ben")
            #expect(ours.whoseAccountID == nil)
            #expect([mine, his, ours].map { $0.scope(for: "ana") } == [.me, .partner, .us])
            #expect([mine, his, ours].map { $0.scope(for: "ben") } == [.partner, .me, .us])
        }

        @Test("editEvent re-validates, and a title change keeps the rest")
        func editEvent() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let timed = try world.useCases.addEvent(accountID: "ana", .init(title: "call", start: "2026-04-10T20:00",
                                                                            end: "2026-04-10T21:15", recurrence: .weekly, scope: .me))
            world.advance(minutes: 5)
            let renamed = try world.useCases.editEvent(accountID: "ana", id: timed.id, .init(title: "video call"))
            #expect(renamed.title == "video call")
            #expect(renamed.startsAt == timed.startsAt)
            #expect(renamed.endsAt == timed.endsAt)
            #expect(renamed.recurrence == .weekly)
            #expect(renamed.whoseAccountID == "ana")
            #expect(renamed.updatedAt == world.now)

            let trip = try world.useCases.addEvent(accountID: "ana", .init(title: "trip", start: "2026-05-01", end: "2026-05-03"))
            let renamedTrip = try world.useCases.editEvent(accountID: "ben", id: trip.id, .init(title: "Jeju"))
            #expect(renamedTrip.startDay == date("2026-05-01"))
            #expect(renamedTrip.endDay == date("2026-05-03"))
            #expect(renamedTrip.isAllDay)

            let blank = coupleError { _ = try world.useCases.editEvent(accountID: "ana", id: timed.id, .init(title: " ")) }
            #expect(blank?.code == "invalid_title")
            let backwards = coupleError {
                _ = try world.useCases.editEvent(accountID: "ana", id: timed.id, .init(end: .some("2026-04-10T19:00")))
            }
            #expect(backwards?.code == "invalid_end")
            let long = coupleError { _ = try world.useCases.editEvent(accountID: "ana", id: trip.id, .init(end: .some("2027-06-01"))) }
            #expect(long?.code == "invalid_end")
            #expect(try world.couples.event(coupleID: timed.coupleID, id: timed.id)?.title == "video call")
            #expect(try world.couples.event(coupleID: trip.coupleID, id: trip.id)?.endDay == date("2026-05-03"))

            let unknown = coupleError { _ = try world.useCases.editEvent(accountID: "ana", id: "nope", .init(title: "x")) }
            #expect(unknown?.code == "event_not_found")
        }

        @Test("a partner in another zone renaming a repeating event keeps its wall-clock time")
        func partnersRenameKeepsTheAuthorsZone() throws {
            let world = CoupleWorld(now: utc("2026-03-20 10:00"))
            try world.pair("ana", zone: "Europe/Paris", with: "ben", zone: "Asia/Seoul")
            let call = try world.useCases.addEvent(accountID: "ana", .init(title: "call", start: "2026-03-23T19:00",
                                                                           end: "2026-03-23T20:00", recurrence: .weekly))
            _ = try world.useCases.editEvent(accountID: "ben", id: call.id, .init(title: "video call"))
            let stored = try #require(try world.couples.event(coupleID: call.coupleID, id: call.id))
            #expect(stored.timeZone == "Europe/Paris")
            #expect(stored.startDay == date("2026-03-23"))
            let april = try world.useCases.calendar(accountID: "ana", month: month("2026-04"))
            #expect(april.map { wallTime($0.startsAt, "Europe/Paris") } == ["19:00", "19:00", "19:00", "19:00"])
        }

        @Test("a repeating timed event stays at 19:00 Paris time in the month views across the DST change")
        func calendarAcrossDST() throws {
            let world = CoupleWorld(now: utc("2026-03-20 10:00"))
            try world.pair("ana", zone: "Europe/Paris", with: "ben", zone: "Asia/Seoul")
            _ = try world.useCases.addEvent(accountID: "ana", .init(title: "call", start: "2026-03-23T19:00",
                                                                    end: "2026-03-23T20:00", recurrence: .weekly))
            let march = try world.useCases.calendar(accountID: "ana", month: month("2026-03"))
            #expect(march.map(\.startsAt) == [utc("2026-03-23 18:00"), utc("2026-03-30 17:00")])
            let april = try world.useCases.calendar(accountID: "ana", month: month("2026-04"))
            #expect(april.map(\.startDay.description) == ["2026-04-06", "2026-04-13", "2026-04-20", "2026-04-27"])
            #expect(april.map { wallTime($0.startsAt, "Europe/Paris") } == ["19:00", "19:00", "19:00", "19:00"])
            // Seoul has no DST: Ben sees the call move from 03:00 to 02:00 (the next morning).
            let bens = try world.useCases.calendar(accountID: "ben", month: month("2026-03"))
            #expect(bens.map { wallTime($0.startsAt, "Asia/Seoul") } == ["03:00", "02:00"])
        }

        @Test("a timed event lands on each viewer's own dates")
        func timedEventOnTheViewersDates() throws {
            let world = CoupleWorld(now: utc("2026-04-20 00:00"))
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "America/Los_Angeles")
            // 08:00 on 1 May in Seoul is 16:00 on 30 April in Los Angeles.
            let event = try world.useCases.addEvent(accountID: "ana", .init(title: "breakfast call", start: "2026-05-01T08:00"))
            #expect(try world.useCases.calendar(accountID: "ben", month: month("2026-04")).map(\.event.id) == [event.id])
            #expect(try world.useCases.calendar(accountID: "ana", month: month("2026-04")).isEmpty)
            #expect(try world.useCases.calendar(accountID: "ana", month: month("2026-05")).map(\.event.id) == [event.id])
            #expect(try world.useCases.calendar(accountID: "ben", month: month("2026-05")).isEmpty)
        }

        @Test("a deleted event is hidden everywhere")
        func deleteEvent() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let event = try world.useCases.addEvent(accountID: "ana", .init(title: "x", start: "2026-04-10"))
            let kept = try world.useCases.addEvent(accountID: "ben", .init(title: "y", start: "2026-04-11"))
            try world.useCases.deleteEvent(accountID: "ben", id: event.id)
            #expect(try world.useCases.calendar(accountID: "ana", month: month("2026-04")).map(\.event.id) == [kept.id])
            #expect(coupleError { _ = try world.useCases.editEvent(accountID: "ana", id: event.id, .init(title: "z")) }?.code == "event_not_found")
            #expect(coupleError { try world.useCases.deleteEvent(accountID: "ana", id: event.id) }?.code == "event_not_found")
            #expect(try world.useCases.home(accountID: "ana", on: nil).recent.filter { $0.kind == .event }.map(\.id) == [kept.id])
            #expect(world.memory.tables.events[event.id]?.deletedAt == world.now, "the delete is soft, for sync")
        }

        @Test("looking at the calendar records one check per member and local day")
        func calendarCheckOncePerDay() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            let couple = try world.pair("ana", with: "ben")
            _ = try world.useCases.calendar(accountID: "ana", month: nil)
            world.advance(hours: 3)
            _ = try world.useCases.calendar(accountID: "ana", month: month("2026-07"))
            let again = try world.useCases.markCalendarChecked(accountID: "ana")
            let today = try world.couples.checks(coupleID: couple.id, from: date("2026-04-01"), through: date("2026-04-01"))
            #expect(today.count == 1)
            #expect(today.first?.id == again.id)
            #expect(today.first?.accountID == "ana")
            #expect(try world.useCases.bridge(accountID: "ana", on: nil).parts.calendar == 10)

            world.move(to: seoul("2026-04-02 00:05"))
            _ = try world.useCases.calendar(accountID: "ana", month: nil)
            let checks = try world.couples.checks(coupleID: couple.id, from: date("2026-03-01"), through: date("2026-04-30"))
            #expect(checks.map(\.day) == [date("2026-04-01"), date("2026-04-02")])
        }
    }
}

// MARK: - Care list

extension CoupleRulesTests {
    @Suite("Care list")
    struct Care {
        @Test("an item is for me or for the partner; us is refused")
        func forWhom() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            #expect(try world.useCases.addCare(accountID: "ana", text: "vitamins", for: .me, due: nil).forAccountID == "ana")
            #expect(try world.useCases.addCare(accountID: "ana", text: "sleep early", for: .partner, due: nil).forAccountID == "ben")
            #expect(try world.useCases.addCare(accountID: "ben", text: "call mum", for: .partner, due: nil).forAccountID == "ana")
            let us = coupleError { _ = try world.useCases.addCare(accountID: "ana", text: "both", for: .us, due: nil) }
            #expect(us?.kind == .invalidInput)
            #expect(us?.code == "invalid_for")
            #expect(coupleError { _ = try world.useCases.addCare(accountID: "ana", text: "  ", for: .me, due: nil) }?.code == "invalid_text")
            #expect(try world.useCases.careList(accountID: "ben").count == 3)
        }

        @Test("either member completes an item, on their own local date; a second completion changes nothing")
        func completion() throws {
            // 00:30 on 10 April in Seoul, 08:30 on 9 April in Los Angeles.
            let world = CoupleWorld(now: utc("2026-04-09 15:30"))
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "America/Los_Angeles")
            let forBen = try world.useCases.addCare(accountID: "ana", text: "drink water", for: .partner, due: nil)
            let forAna = try world.useCases.addCare(accountID: "ana", text: "stretch", for: .me, due: nil)

            let byBen = try world.useCases.completeCare(accountID: "ben", id: forBen.id)
            #expect(byBen.doneBy == "ben")
            #expect(byBen.doneAt == world.now)
            #expect(byBen.doneDay == date("2026-04-09"))
            let byAna = try world.useCases.completeCare(accountID: "ana", id: forAna.id)
            #expect(byAna.doneDay == date("2026-04-10"))

            world.advance(hours: 2)
            let again = try world.useCases.completeCare(accountID: "ana", id: forBen.id)
            #expect(again == byBen)
            #expect(try world.couples.careItem(coupleID: forBen.coupleID, id: forBen.id) == byBen)
        }

        @Test("a deleted item vanishes")
        func deleted() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let item = try world.useCases.addCare(accountID: "ana", text: "vitamins", for: .me, due: nil)
            _ = try world.useCases.completeCare(accountID: "ana", id: item.id)
            try world.useCases.deleteCare(accountID: "ben", id: item.id)
            #expect(try world.useCases.careList(accountID: "ana").isEmpty)
            #expect(coupleError { _ = try world.useCases.completeCare(accountID: "ana", id: item.id) }?.code == "care_not_found")
            #expect(coupleError { try world.useCases.deleteCare(accountID: "ana", id: item.id) }?.code == "care_not_found")
            #expect(try world.useCases.bridge(accountID: "ana", on: nil).parts.care == 0)
            #expect(try world.useCases.home(accountID: "ana", on: nil).recent.isEmpty)
        }

        @Test("the list shows open items by due date (undated last), then done ones newest first")
        func order() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            func add(_ text: String, due: String?) throws -> CareItem {
                world.advance(minutes: 1)
                return try world.useCases.addCare(accountID: "ana", text: text, for: .me, due: due.map(date))
            }
            let undated = try add("undated", due: nil)
            let late = try add("late", due: "2026-04-20")
            let doneFirst = try add("done first", due: "2026-04-02")
            let soon = try add("soon", due: "2026-04-05")
            let doneLast = try add("done last", due: "2026-04-30")
            let undatedLater = try add("undated later", due: nil)
            world.advance(minutes: 1)
            _ = try world.useCases.completeCare(accountID: "ana", id: doneFirst.id)
            world.advance(minutes: 1)
            _ = try world.useCases.completeCare(accountID: "ben", id: doneLast.id)

            #expect(try world.useCases.careList(accountID: "ben").map(\.id)
                == [soon.id, late.id, undated.id, undatedLater.id, doneLast.id, doneFirst.id])
        }
    }
}

// MARK: - Photo of the day

extension CoupleRulesTests {
    @Suite("Photo of the day")
    struct Photos {
        @Test("the stored bytes are the image without its Exif block")
        func sanitizedBytes() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let jpeg = CoupleJPEG.image([0x12, 0x34, 0x56])
            #expect(contains(jpeg, "GPS"))
            let photo = try world.useCases.putPhoto(accountID: "ana", data: jpeg, caption: "  sunset ")
            let stored = try #require(try world.photoStore.data(sha256: photo.sha256))
            #expect(!contains(stored, "GPS"))
            #expect(!contains(stored, "Exif"))
            #expect(stored == CoupleJPEG.image([0x12, 0x34, 0x56], gps: false))
            #expect(photo.format == .jpeg)
            #expect(photo.byteCount == stored.count)
            #expect(photo.caption == "sunset")
            #expect(photo.day == date("2026-04-01"))
            #expect(photo.sha256.count == 64 && photo.sha256.allSatisfy(\.isHexDigit))
            #expect(photo.sha256 == FakePhotoStore.digest(stored))
            #expect(try world.useCases.photoData(accountID: "ben", id: photo.id).data == stored)

            let notAnImage = coupleError { _ = try world.useCases.putPhoto(accountID: "ana", data: Data("hello".utf8), caption: nil) }
            #expect(notAnImage?.code == "unsupported_image")
        }

        @Test("a second photo the same day replaces the first, and unreferenced bytes are removed")
        func replacement() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let first = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([1]), caption: "one")
            world.advance(hours: 1)
            let second = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([2]), caption: nil)
            #expect(second.id == first.id)
            #expect(second.sha256 != first.sha256)
            #expect(second.caption == nil)
            let today = try world.useCases.photos(accountID: "ben", on: nil)
            #expect(today.count == 1)
            #expect(today.first?.sha256 == second.sha256)
            #expect(world.photoStore.hashes == [second.sha256])

            // A new local day is a new photo.
            world.move(to: seoul("2026-04-02 00:01"))
            let tomorrow = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([3]), caption: nil)
            #expect(tomorrow.id != first.id)
            #expect(world.memory.tables.photos.count == 2)
        }

        @Test("replaced bytes that another photo still uses stay in the store")
        func sharedBytesStay() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let anas = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([7]), caption: nil)
            let bens = try world.useCases.putPhoto(accountID: "ben", data: CoupleJPEG.image([7]), caption: nil)
            #expect(anas.sha256 == bens.sha256)
            let replaced = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([8]), caption: nil)
            #expect(world.photoStore.hashes == [bens.sha256, replaced.sha256])
            #expect(try world.useCases.photoData(accountID: "ana", id: bens.id).data == CoupleJPEG.image([7], gps: false))
        }

        @Test("both members read photos while paired, only the author for 30 days after, nobody then; erasing removes it all")
        func accessAndErasure() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            let couple = try world.pair("ana", with: "ben")
            let anas = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([1]), caption: nil)
            let bens = try world.useCases.putPhoto(accountID: "ben", data: CoupleJPEG.image([2]), caption: nil)
            _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: nil, note: nil)
            for reader in ["ana", "ben"] {
                for photo in [anas, bens] {
                    #expect(try world.useCases.photoData(accountID: reader, id: photo.id).photo.id == photo.id)
                }
            }
            try world.addAccount("cleo")
            #expect(coupleError { _ = try world.useCases.photoData(accountID: "cleo", id: anas.id) }?.code == "photo_not_found")

            world.advance(hours: 1)
            let disconnectedAt = world.now
            try world.useCases.disconnect(accountID: "ben")
            #expect(try world.useCases.photoData(accountID: "ana", id: anas.id).photo.id == anas.id)
            #expect(try world.useCases.photoData(accountID: "ben", id: bens.id).photo.id == bens.id)
            let partners = coupleError { _ = try world.useCases.photoData(accountID: "ana", id: bens.id) }
            #expect(partners?.kind == .notFound)
            #expect(partners?.code == "photo_not_found")
            #expect(coupleError { _ = try world.useCases.photoData(accountID: "ben", id: anas.id) }?.code == "photo_not_found")

            world.move(to: disconnectedAt.addingTimeInterval(30 * 86_400 - 1))
            #expect(try world.useCases.photoData(accountID: "ana", id: anas.id).photo.id == anas.id)
            #expect(try world.useCases.eraseExpired() == 0)

            world.move(to: disconnectedAt.addingTimeInterval(30 * 86_400))
            #expect(coupleError { _ = try world.useCases.photoData(accountID: "ana", id: anas.id) }?.code == "photo_not_found")
            #expect(coupleError { _ = try world.useCases.photoData(accountID: "ben", id: bens.id) }?.code == "photo_not_found")

            world.advance(seconds: 1)
            #expect(try world.useCases.eraseExpired() == 1)
            #expect(try world.couples.couple(id: couple.id) == nil)
            #expect(try world.couples.couples(accountID: "ana").isEmpty)
            #expect(world.photoStore.hashes.isEmpty)
            #expect(world.memory.tables.photos.isEmpty)
            #expect(world.memory.tables.moods.isEmpty)
            #expect(try world.useCases.eraseExpired() == 0)
        }

        @Test("erasing one couple keeps bytes that a photo of another couple uses")
        func erasureKeepsSharedBytes() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            let old = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([5]), caption: nil)
            try world.useCases.disconnect(accountID: "ana")
            try world.pair("cleo", with: "dan")
            let other = try world.useCases.putPhoto(accountID: "cleo", data: CoupleJPEG.image([5]), caption: nil)
            #expect(other.sha256 == old.sha256)
            world.advance(days: 31)
            #expect(try world.useCases.eraseExpired() == 1)
            #expect(world.photoStore.hashes == [other.sha256])
        }
    }
}

// MARK: - Bridge

extension CoupleRulesTests {
    @Suite("Bridge")
    struct BridgeRules {
        /// Rows that give `member` the chosen parts on `day`.
        struct Rows {
            var moods: [MoodEntry] = []
            var photos: [CouplePhoto] = []
            var care: [CareItem] = []
            var checks: [CalendarCheck] = []
            let at = utc("2026-01-01 00:00")

            mutating func add(_ member: String, on day: LocalDate, mood: Bool = true, photo: Bool = true, care: Bool = true,
                              check: Bool = true) {
                let id = "\(member)-\(day)"
                if mood {
                    moods.append(MoodEntry(id: id, coupleID: "c", authorID: member, day: day, mood: .happy, status: nil, note: nil,
                                           createdAt: at, updatedAt: at))
                }
                if photo {
                    photos.append(CouplePhoto(id: id, coupleID: "c", authorID: member, day: day, sha256: "h", format: .jpeg, byteCount: 1,
                                              caption: nil, createdAt: at, updatedAt: at))
                }
                if care {
                    self.care.append(CareItem(id: id, coupleID: "c", authorID: "someone", forAccountID: member, text: "t", due: nil,
                                              doneBy: member, doneAt: at, doneDay: day, createdAt: at, updatedAt: at))
                }
                if check { checks.append(CalendarCheck(id: id, coupleID: "c", accountID: member, day: day, createdAt: at)) }
            }

            mutating func complete(_ day: LocalDate) {
                add("ana", on: day)
                add("ben", on: day)
            }

            var activity: BridgeActivity { BridgeActivity(moods: moods, photos: photos, care: care, checks: checks) }
        }

        @Test("a mood is 10, a photo 15, a completed care item 15 and a calendar look 10, per member")
        func parts() {
            var rows = Rows()
            let day = date("2026-05-02")
            rows.add("ana", on: day, care: false, check: false)
            #expect(rows.activity.parts(on: day, members: ["ana", "ben"]) == BridgeParts(mood: 10, photo: 15, care: 0, calendar: 0))
            rows.add("ana", on: day, mood: false, photo: false)
            #expect(rows.activity.parts(on: day, members: ["ana", "ben"]).total == 50)
            rows.add("ben", on: day)
            let parts = rows.activity.parts(on: day, members: ["ana", "ben"])
            #expect(parts == BridgeParts(mood: 20, photo: 30, care: 30, calendar: 20))
            #expect(parts.total == 100)
            #expect(BridgeActivity.moodPoints == 10 && BridgeActivity.photoPoints == 15)
            #expect(BridgeActivity.carePoints == 15 && BridgeActivity.calendarPoints == 10)
            // Someone outside the couple adds nothing; deleted photos and undone or deleted care count nothing.
            rows.add("eve", on: day)
            #expect(rows.activity.parts(on: day, members: ["ana", "ben"]).total == 100)
            var other = Rows()
            other.add("ana", on: day, mood: false, check: false)
            other.photos[0].deletedAt = other.at
            other.care[0].deletedAt = other.at
            other.care.append(CareItem(id: "open", coupleID: "c", authorID: "ana", forAccountID: "ana", text: "t", due: nil,
                                       createdAt: other.at, updatedAt: other.at))
            #expect(other.activity.parts(on: day, members: ["ana", "ben"]).total == 0)
        }

        @Test("the stages and their words in both languages")
        func stages() {
            let expected: [(Int, BridgeStage)] = [(0, .waiting), (1, .started), (24, .started), (25, .onTheWay), (49, .onTheWay),
                                                  (50, .halfway), (74, .halfway), (75, .almost), (99, .almost), (100, .complete)]
            for (score, stage) in expected {
                #expect(BridgeStage(score: score) == stage, "score \(score)")
            }
            #expect(BridgeStage.onTheWay.rawValue == "on_the_way")
            let ko: [BridgeStage: String] = [
                .waiting: "첫 발판을 기다리는 중", .started: "다리 놓기 시작", .onTheWay: "서로에게 가는 중",
                .halfway: "절반을 건너왔어요", .almost: "거의 이어졌어요", .complete: "오늘의 다리 완성",
            ]
            let en: [BridgeStage: String] = [
                .waiting: "Waiting for the first step", .started: "The bridge has begun", .onTheWay: "On the way to each other",
                .halfway: "Halfway across", .almost: "Almost connected", .complete: "Today's bridge is complete",
            ]
            for stage in BridgeStage.allCases {
                #expect(stage.label(.ko) == ko[stage])
                #expect(stage.label(.en) == en[stage])
            }
        }

        @Test("the streak counts complete days back, from yesterday while today is open; a gap breaks it")
        func streak() {
            let today = date("2026-05-10")
            var rows = Rows()
            for back in 1...3 { rows.complete(today.adding(days: -back)) }
            rows.add("ana", on: today, photo: false, care: false, check: false)
            let open = rows.activity.bridge(on: today, members: ["ana", "ben"], since: date("2026-01-01"))
            #expect(open.score == 10)
            #expect(open.stage == .started)
            #expect(open.streak == 3)

            rows.complete(today)
            let done = rows.activity.bridge(on: today, members: ["ana", "ben"], since: date("2026-01-01"))
            #expect(done.stage == .complete)
            #expect(done.streak == 4)
            // Nothing before `since` counts.
            #expect(rows.activity.bridge(on: today, members: ["ana", "ben"], since: today.adding(days: -1)).streak == 2)

            var gap = Rows()
            gap.complete(today.adding(days: -4))
            gap.complete(today.adding(days: -2))
            gap.complete(today.adding(days: -1))
            #expect(gap.activity.bridge(on: today, members: ["ana", "ben"], since: date("2026-01-01")).streak == 2)
            gap.add("ana", on: today.adding(days: -3), mood: false) // 40 of 100 does not mend the gap
            #expect(gap.activity.bridge(on: today, members: ["ana", "ben"], since: date("2026-01-01")).streak == 2)

            var yesterdayMissing = Rows()
            yesterdayMissing.complete(today.adding(days: -2))
            #expect(yesterdayMissing.activity.bridge(on: today, members: ["ana", "ben"], since: date("2026-01-01")).streak == 0)
        }

        @Test("a day's full bridge, built through the use cases")
        func fullDayThroughTheUseCases() throws {
            let world = CoupleWorld(now: seoul("2026-05-02 12:00"))
            try world.pair("ana", with: "ben")
            for (member, scan) in [("ana", [UInt8(1)]), ("ben", [UInt8(2)])] {
                _ = try world.useCases.setMood(accountID: member, mood: .happy, status: nil, note: nil)
                _ = try world.useCases.putPhoto(accountID: member, data: CoupleJPEG.image(scan), caption: nil)
                let item = try world.useCases.addCare(accountID: member, text: "water", for: .partner, due: nil)
                _ = try world.useCases.completeCare(accountID: member == "ana" ? "ben" : "ana", id: item.id)
                _ = try world.useCases.markCalendarChecked(accountID: member)
            }
            let bridge = try world.useCases.bridge(accountID: "ana", on: nil)
            #expect(bridge.date == date("2026-05-02"))
            #expect(bridge.parts == BridgeParts(mood: 20, photo: 30, care: 30, calendar: 20))
            #expect(bridge.score == 100)
            #expect(bridge.stage == .complete)
            #expect(bridge.streak == 1)
            #expect(try world.useCases.home(accountID: "ben", on: nil).bridge == bridge)

            world.advance(days: 1)
            let next = try world.useCases.bridge(accountID: "ben", on: nil)
            #expect(next.date == date("2026-05-03"))
            #expect(next.score == 0)
            #expect(next.stage == .waiting)
            #expect(next.streak == 1)
            world.advance(days: 1)
            #expect(try world.useCases.bridge(accountID: "ben", on: nil).streak == 0)
            #expect(world.memory.writesOutsideTransaction == 0)
        }

        @Test("members nine hours apart each build the bridge of their own local date")
        func ownLocalDates() throws {
            // 23:30 on 14 January in London is 08:30 on 15 January in Seoul: the same instant.
            let world = CoupleWorld(now: utc("2026-01-14 23:30"))
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "Europe/London")
            _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: nil, note: nil)
            _ = try world.useCases.setMood(accountID: "ben", mood: .tired, status: nil, note: nil)
            _ = try world.useCases.putPhoto(accountID: "ben", data: CoupleJPEG.image([9]), caption: nil)

            let moods = try world.useCases.moods(accountID: "ana", from: nil, through: nil)
            #expect(Dictionary(uniqueKeysWithValues: moods.map { ($0.authorID, $0.day) }) == ["ana": date("2026-01-15"), "ben": date("2026-01-14")])

            let anas = try world.useCases.bridge(accountID: "ana", on: nil)
            #expect(anas.date == date("2026-01-15"))
            #expect(anas.parts == BridgeParts(mood: 10))
            let bens = try world.useCases.bridge(accountID: "ben", on: nil)
            #expect(bens.date == date("2026-01-14"))
            #expect(bens.parts == BridgeParts(mood: 10, photo: 15))
            #expect(try world.useCases.bridge(accountID: "ana", on: date("2026-01-14")) == bens)
        }
    }
}

// MARK: - Time together

extension CoupleRulesTests {
    @Suite("Time together")
    struct TimeTogetherRules {
        let seoulZone = TimeZone(identifier: "Asia/Seoul")!
        let parisZone = TimeZone(identifier: "Europe/Paris")!
        let newYorkZone = TimeZone(identifier: "America/New_York")!

        func isAwake(_ instant: Date, _ zone: TimeZone) -> Bool {
            let wall = zone.wallClock(of: instant).secondOfDay
            return (8 * 3600...23 * 3600).contains(wall)
        }

        @Test("Seoul and Paris: the window lies in both waking hours")
        func seoulParis() throws {
            let now = utc("2026-01-15 00:00")
            let window = try #require(TimeTogether.callWindow(now: now, zones: [seoulZone, parisZone]))
            #expect(window.start == utc("2026-01-15 07:00")) // 08:00 in Paris, 16:00 in Seoul
            #expect(window.end == utc("2026-01-15 14:00"))   // 15:00 in Paris, 23:00 in Seoul
            for zone in [seoulZone, parisZone] {
                #expect(isAwake(window.start, zone) && isAwake(window.end, zone))
            }
        }

        @Test("Seoul and New York: their evening and morning overlap")
        func seoulNewYork() throws {
            let later = try #require(TimeTogether.callWindow(now: utc("2026-01-15 05:00"), zones: [seoulZone, newYorkZone]))
            #expect(later.start == utc("2026-01-15 13:00")) // 08:00 in New York, 22:00 in Seoul
            #expect(later.end == utc("2026-01-15 14:00"))
            #expect(newYorkZone.localTime(of: later.start) == LocalTime(hour: 8, minute: 0))
            #expect(seoulZone.localTime(of: later.end) == LocalTime(hour: 23, minute: 0))

            // Inside a window the window starts now.
            let now = utc("2026-01-15 01:00") // 10:00 in Seoul, 20:00 in New York
            let inside = try #require(TimeTogether.callWindow(now: now, zones: [seoulZone, newYorkZone]))
            #expect(inside.start == now)
            #expect(inside.end == utc("2026-01-15 04:00")) // 23:00 in New York
        }

        @Test("UTC+14 and UTC−12 are 26 hours apart, so only two hours on the clock: they meet for 13 hours")
        func farthestZones() throws {
            let plus14 = TimeZone(secondsFromGMT: 14 * 3600)!
            let minus12 = TimeZone(secondsFromGMT: -12 * 3600)!
            let window = try #require(TimeTogether.callWindow(now: utc("2026-01-15 10:00"), zones: [plus14, minus12]))
            #expect(window.start == utc("2026-01-15 20:00")) // 08:00 on the 15th at −12, 10:00 on the 16th at +14
            #expect(window.end == utc("2026-01-16 09:00"))   // 21:00 at −12, 23:00 at +14
            #expect(window.duration == 13 * 3600)
        }

        @Test("three zones eight hours apart never share waking hours")
        func noCommonWindow() {
            let zones = [0, 8, -8].map { TimeZone(secondsFromGMT: $0 * 3600)! }
            for hour in stride(from: 0.0, to: 24, by: 1) {
                #expect(TimeTogether.callWindow(now: utc("2026-01-15 00:00").adding(hours: hour), zones: zones) == nil)
            }
            #expect(TimeTogether.callWindow(now: utc("2026-01-15 00:00"), zones: Array(zones.prefix(2))) != nil)
        }

        @Test("daytime from the sun's position")
        func daytimeFromTheSun() {
            let seoulPlace = (latitude: 37.5665, longitude: 126.978)
            #expect(TimeTogether.isDaytime(at: utc("2026-06-21 03:00"), latitude: seoulPlace.latitude, longitude: seoulPlace.longitude, zone: seoulZone))
            #expect(!TimeTogether.isDaytime(at: utc("2026-06-21 15:00"), latitude: seoulPlace.latitude, longitude: seoulPlace.longitude, zone: seoulZone))
            let oslo = TimeZone(identifier: "Europe/Oslo")!
            let tromso = (latitude: 69.65, longitude: 18.96)
            // Polar night: at noon on 21 December the sun stays below the horizon.
            let decemberNoon = local("2026-12-21 12:00", in: "Europe/Oslo")
            #expect(!TimeTogether.isDaytime(at: decemberNoon, latitude: tromso.latitude, longitude: tromso.longitude, zone: oslo))
            // Midnight sun: at midnight on 21 June it stays above.
            let juneMidnight = local("2026-06-21 00:00", in: "Europe/Oslo")
            #expect(TimeTogether.isDaytime(at: juneMidnight, latitude: tromso.latitude, longitude: tromso.longitude, zone: oslo))
        }

        @Test("without a place, daytime is 06:00 to 18:00 local")
        func daytimeWithoutAPlace() {
            let cases: [(String, Bool)] = [("05:59", false), ("06:00", true), ("12:00", true), ("17:59", true), ("18:00", false), ("23:30", false)]
            for (time, expected) in cases {
                #expect(TimeTogether.isDaytime(at: seoul("2026-06-21 \(time)"), latitude: nil, longitude: nil, zone: seoulZone) == expected, "\(time)")
                #expect(TimeTogether.isDaytime(at: seoul("2026-06-21 \(time)"), latitude: 37.5, longitude: nil, zone: seoulZone) == expected, "\(time)")
            }
        }
    }
}

// MARK: - Home

extension CoupleRulesTests {
    @Suite("Home")
    struct Home {
        @Test("each member's date, sky and weather; the offset between them")
        func members() throws {
            // 00:30 on 10 April in Seoul, 08:30 on 9 April in Los Angeles.
            let world = CoupleWorld(now: utc("2026-04-09 15:30"))
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "America/Los_Angeles")
            _ = try world.useCases.setLocation(accountID: "ana", city: "Seoul", latitude: 37.5665, longitude: 126.978)
            _ = try world.useCases.setLocation(accountID: "ben", city: "Los Angeles", latitude: 34.0522, longitude: -118.2437)
            _ = try world.useCases.setMood(accountID: "ben", mood: .calm, status: nil, note: nil)

            let home = try world.useCases.home(accountID: "ana", on: nil)
            #expect(home.members.map(\.account.id) == ["ana", "ben"])
            #expect(home.members.map(\.localDate) == [date("2026-04-10"), date("2026-04-09")])
            #expect(home.members.map(\.isDaytime) == [false, true])
            #expect(home.members.map(\.location?.city) == ["Seoul", "Los Angeles"])
            #expect(home.members.map(\.mood?.authorID) == [nil, "ben"])
            #expect(home.members.map(\.weather.observation?.city) == ["37.57,126.98", "34.05,-118.24"])
            #expect(home.members.allSatisfy { !$0.weather.isStale && $0.weather.isConfigured })
            #expect(home.offsetDifference == -16 * 3600)
            #expect(try world.useCases.home(accountID: "ben", on: nil).offsetDifference == 16 * 3600)
            #expect(home.callWindow != nil)
            #expect(world.weatherProvider.calls == 2)

            // Within 15 minutes the cache answers.
            world.advance(minutes: 14)
            _ = try world.useCases.home(accountID: "ana", on: nil)
            #expect(world.weatherProvider.calls == 2)

            // Past 15 minutes the provider is asked; when it fails, the last observation is shown as stale.
            world.advance(minutes: 2)
            world.weatherProvider.set { $0.fails = true }
            let stale = try world.useCases.home(accountID: "ana", on: nil)
            #expect(world.weatherProvider.calls == 4)
            #expect(stale.members.map(\.weather.isStale) == [true, true])
            #expect(stale.members.map(\.weather.observation) == home.members.map(\.weather.observation))

            // Once the provider answers again (after any back-off), the report is fresh.
            world.advance(minutes: 2)
            world.weatherProvider.set { $0.fails = false; $0.temperatureC = 20 }
            let fresh = try world.useCases.home(accountID: "ana", on: nil)
            #expect(fresh.members.map(\.weather.isStale) == [false, false])
            #expect(fresh.members.map(\.weather.observation?.temperatureC) == [20, 20])
        }

        @Test("a member without a place has no weather and the clock's daytime")
        func memberWithoutAPlace() throws {
            let world = CoupleWorld(now: utc("2026-04-09 03:00")) // 12:00 in Seoul, 20:00 in Los Angeles
            try world.pair("ana", zone: "Asia/Seoul", with: "ben", zone: "America/Los_Angeles")
            world.weatherProvider.set { $0.isConfigured = false }
            let home = try world.useCases.home(accountID: "ben", on: nil)
            #expect(home.members.map(\.weather) == [WeatherReport(observation: nil, isStale: false, isConfigured: false),
                                                    WeatherReport(observation: nil, isStale: false, isConfigured: false)])
            #expect(home.members.map(\.isDaytime) == [true, false])
            #expect(world.weatherProvider.calls == 0)
        }

        @Test("recent moments: newest first, at most 12, only the last 7 days")
        func recentMoments() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.pair("ana", with: "ben")
            _ = try world.useCases.addCare(accountID: "ben", text: "old", for: .me, due: nil)
            world.advance(days: 8)
            var texts: [String] = []
            for index in 1...15 {
                world.advance(minutes: 1)
                texts.append("item \(index)")
                _ = try world.useCases.addCare(accountID: index.isMultiple(of: 2) ? "ana" : "ben", text: "item \(index)", for: .me, due: nil)
            }
            world.advance(minutes: 1)
            _ = try world.useCases.setMood(accountID: "ana", mood: .loving, status: "miss you", note: nil)

            let recent = try world.useCases.home(accountID: "ben", on: nil).recent
            #expect(recent.count == 12)
            #expect(recent.map(\.at) == recent.map(\.at).sorted(by: >))
            #expect(recent.first?.kind == .mood)
            #expect(recent.first?.text == "loving · miss you")
            #expect(Array(recent.dropFirst().map(\.text)) == Array(texts.reversed().prefix(11)))
            #expect(!recent.contains { $0.text == "old" })
        }
    }
}

// MARK: - Archive

extension CoupleRulesTests {
    @Suite("Archive")
    struct Archive {
        @Test("the archive holds only the caller's own writings, for 30 days after a disconnection")
        func ownWritingsOnly() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            let couple = try world.pair("ana", with: "ben")
            _ = try world.useCases.setMood(accountID: "ana", mood: .happy, status: nil, note: nil)
            _ = try world.useCases.setMood(accountID: "ben", mood: .sad, status: nil, note: nil)
            let meeting = try world.useCases.setMeeting(accountID: "ana", day: date("2026-05-01"), place: nil)
            let anasEvent = try world.useCases.addEvent(accountID: "ana", .init(title: "mine", start: "2026-04-10"))
            _ = try world.useCases.addEvent(accountID: "ben", .init(title: "his", start: "2026-04-11"))
            let deletedEvent = try world.useCases.addEvent(accountID: "ana", .init(title: "gone", start: "2026-04-12"))
            try world.useCases.deleteEvent(accountID: "ana", id: deletedEvent.id)
            let anasCare = try world.useCases.addCare(accountID: "ana", text: "for ben", for: .partner, due: nil)
            _ = try world.useCases.addCare(accountID: "ben", text: "for ana", for: .partner, due: nil)
            let anasPhoto = try world.useCases.putPhoto(accountID: "ana", data: CoupleJPEG.image([1]), caption: nil)
            _ = try world.useCases.putPhoto(accountID: "ben", data: CoupleJPEG.image([2]), caption: nil)

            let paired = try world.useCases.archive(accountID: "ana")
            #expect(paired.couple.id == couple.id)
            #expect(paired.availableUntil == nil)
            #expect(paired.moods.map(\.authorID) == ["ana"])
            #expect(paired.meetings.map(\.id) == [meeting.id])
            #expect(paired.events.map(\.id) == [anasEvent.id])
            #expect(paired.care.map(\.id) == [anasCare.id])
            #expect(paired.photos.map(\.id) == [anasPhoto.id])
            #expect(try world.useCases.archive(accountID: "ben").meetings.isEmpty)

            world.advance(hours: 2)
            let disconnectedAt = world.now
            try world.useCases.disconnect(accountID: "ben")
            let after = try world.useCases.archive(accountID: "ana")
            #expect(after.availableUntil == disconnectedAt.addingTimeInterval(30 * 86_400))
            #expect(after.couple.disconnectedBy == "ben")
            #expect(after.photos.map(\.id) == [anasPhoto.id])
            #expect(try world.useCases.archive(accountID: "ben").moods.map(\.authorID) == ["ben"])

            world.move(to: disconnectedAt.addingTimeInterval(30 * 86_400 - 1))
            #expect(try world.useCases.archive(accountID: "ana").events.map(\.id) == [anasEvent.id])
            world.move(to: disconnectedAt.addingTimeInterval(30 * 86_400))
            expectNotPaired(coupleError { _ = try world.useCases.archive(accountID: "ana") }, "archive after 30 days")
            expectNotPaired(coupleError { _ = try world.useCases.archive(accountID: "ben") }, "archive after 30 days")
        }

        @Test("an account that never paired has no archive")
        func neverPaired() throws {
            let world = CoupleWorld(now: seoul("2026-04-01 12:00"))
            try world.addAccount("cleo")
            expectNotPaired(coupleError { _ = try world.useCases.archive(accountID: "cleo") }, "archive")
        }
    }
}

// MARK: - The fakes themselves

extension CoupleRulesTests {
    @Suite("Couple fakes")
    struct Fakes {
        let t0 = utc("2026-04-01 00:00")

        @Test("couples(accountID:) is newest first; erase removes the couple and its rows only")
        func couplesAndErase() throws {
            let memory = FakeDatabase()
            let repository = FakeCoupleRepository(memory: memory)
            try repository.insert(Couple(id: "a", memberIDs: ["ana", "ben"], createdAt: t0, disconnectedAt: t0.adding(hours: 1)))
            try repository.insert(Couple(id: "b", memberIDs: ["cleo", "ana"], createdAt: t0.adding(hours: 2)))
            #expect(throws: FakeFailure.self) { try repository.insert(Couple(id: "a", memberIDs: [], createdAt: self.t0)) }
            #expect(try repository.couples(accountID: "ana").map(\.id) == ["b", "a"])
            #expect(try repository.disconnectedCouples(before: t0.adding(hours: 1)).isEmpty)
            #expect(try repository.disconnectedCouples(before: t0.adding(hours: 1, seconds: 1)).map(\.id) == ["a"])

            for couple in ["a", "b"] {
                try repository.save(MoodEntry(id: "m\(couple)", coupleID: couple, authorID: "ana", day: date("2026-04-01"), mood: .happy,
                                              status: nil, note: nil, createdAt: t0, updatedAt: t0))
                try repository.save(CouplePhoto(id: "p\(couple)", coupleID: couple, authorID: "ana", day: date("2026-04-01"), sha256: "h",
                                                format: .jpeg, byteCount: 1, caption: nil, createdAt: t0, updatedAt: t0))
            }
            #expect(try repository.photoReferences(sha256: "h") == 2)
            try repository.erase(coupleID: "a")
            #expect(try repository.couple(id: "a") == nil)
            #expect(try repository.couples(accountID: "ben").isEmpty)
            #expect(memory.tables.moods.keys.sorted() == ["mb"])
            #expect(try repository.photoReferences(sha256: "h") == 1)
        }

        @Test("soft-deleted rows are left out of reads")
        func softDeletes() throws {
            let repository = FakeCoupleRepository(memory: FakeDatabase())
            var photo = CouplePhoto(id: "p", coupleID: "c", authorID: "ana", day: date("2026-04-01"), sha256: "h", format: .jpeg,
                                    byteCount: 1, caption: nil, createdAt: t0, updatedAt: t0)
            try repository.save(photo)
            photo.deletedAt = t0
            try repository.save(photo)
            #expect(try repository.photo(coupleID: "c", id: "p") == nil)
            #expect(try repository.photos(coupleID: "c", from: date("2026-01-01"), through: date("2026-12-31")).isEmpty)
            #expect(try repository.photoReferences(sha256: "h") == 0)
            let item = CareItem(id: "i", coupleID: "c", authorID: "ana", forAccountID: "ana", text: "t", due: nil, createdAt: t0,
                                updatedAt: t0, deletedAt: t0)
            try repository.save(item)
            #expect(try repository.careItems(coupleID: "c").isEmpty)
            #expect(try repository.careItem(coupleID: "c", id: "i") == nil)
        }

        @Test("the transactor rolls back every change when the body throws")
        func rollback() throws {
            let memory = FakeDatabase()
            let repository = FakeCoupleRepository(memory: memory)
            let transactor = FakeTransactor(memory: memory)
            #expect(throws: FakeFailure.self) {
                try transactor.write {
                    try repository.insert(Couple(id: "a", memberIDs: ["ana", "ben"], createdAt: self.t0))
                    throw FakeFailure(reason: "boom")
                }
            }
            #expect(try repository.couple(id: "a") == nil)
            #expect(memory.rollbacks == 1)
        }

        @Test("the photo store's keys are 64 hex digits, distinct for different bytes")
        func photoStoreKeys() throws {
            let store = FakePhotoStore()
            let one = try store.store(Data([1, 2, 3]))
            let two = try store.store(Data([1, 2, 4]))
            let empty = try store.store(Data())
            #expect(Set([one, two, empty]).count == 3)
            #expect([one, two, empty].allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
            #expect(try store.store(Data([1, 2, 3])) == one)
            try store.remove(sha256: one)
            #expect(try store.data(sha256: one) == nil)
            #expect(try store.data(sha256: two) == Data([1, 2, 4]))
        }
    }
}
