import Foundation
import Testing
import Client
import Core
import Domain
import HTTP
@testable import CoupleFeature

/// Every couple endpoint through the real typed client against the real routes, in process:
/// the client builds each request from `CoupleAPI` and the routes were built from the same values.
@Suite("The couple endpoints: the typed client against the routes")
struct CoupleClientTests {
    @Test("the routes are exactly CoupleAPI's endpoints, in order")
    func routesAreTheEndpoints() throws {
        let server = try CoupleServer()
        #expect(server.application.router.routes.map { "\($0.method) \($0.pattern)" } == CoupleAPI.signatures)
    }

    @Test("every endpoint, called by two partners")
    func everyEndpoint() throws {
        let server = try CoupleServer()
        let log = RouteLog(application: server.application)
        let a = server.token("minji@example.com", name: "Minji", zone: "Asia/Seoul")
        let b = server.token("theo@example.com", name: "Théo", zone: "Europe/Paris")
        let minji = server.client(a, transport: log)
        let theo = server.client(b, transport: log)
        let minjiID = server.login(a).accountID

        // Pairing
        let invite = try minji.call(CoupleAPI.createInvite)
        #expect(invite.code.count == 8 && invite.expiresAt == "2026-12-01T19:00:00+09:00")
        let joined = try theo.call(CoupleAPI.join, body: JoinBody(code: invite.code.prefix(4).lowercased() + "-" + invite.code.suffix(4)))
        #expect(joined.members.map(\.displayName) == ["Minji", "Théo"])
        #expect(try minji.call(CoupleAPI.couple).id == joined.id)

        // The space
        let place = try minji.call(CoupleAPI.setLocation, body: LocationBody(city: "Seoul", lat: 37.5665, lon: 126.978))
        #expect(place.city == "Seoul" && place.lat == 37.5665)
        let mood = try minji.call(CoupleAPI.setMood, body: MoodBody(mood: "Tired", status: "at work", note: nil))
        #expect(mood.mood == "tired" && mood.status == "at work" && mood.date == "2026-11-30")
        let moods = try theo.call(CoupleAPI.moods, DateRangeQuery(from: LocalDate("2026-11-01"), to: LocalDate("2026-11-30")))
        #expect(moods.moods.map(\.id) == [mood.id])
        let meeting = try theo.call(CoupleAPI.setMeeting, body: MeetingBody(date: "2026-12-24", place: "Incheon"))
        #expect(meeting.dDay == "D-24" && meeting.countdowns.count == 2)
        #expect(try minji.call(CoupleAPI.meetings).meetings.map(\.id) == [meeting.id])

        // The calendar
        let event = try minji.call(CoupleAPI.addEvent, body: EventBody(title: "Call", start: "2026-12-05", end: nil, allDay: nil,
                                                                        repeats: "yearly", whose: "us"))
        #expect(event.title == "Call" && event.repeats == "yearly" && event.allDay)
        let edited = try theo.call(CoupleAPI.editEvent, ItemID(event.id), body: EventPatchBody(title: "Video call", repeats: .some(nil)))
        #expect(edited.id == event.id && edited.title == "Video call" && edited.repeats == nil)
        let december = try minji.call(CoupleAPI.events, MonthQuery(YearMonth("2026-12")))
        #expect(december.events.map(\.title) == ["Video call"])
        let check = try minji.call(CoupleAPI.checkCalendar)
        #expect(check.date == "2026-11-30" && check.accountID == minjiID)

        // The care list
        let care = try minji.call(CoupleAPI.addCare, body: CareBody(text: "drink water", whose: "partner", due: "2026-12-01"))
        #expect(care.whose == "partner" && care.due == "2026-12-01" && !care.done)
        #expect(try theo.call(CoupleAPI.careList).care.map(\.whose) == ["me"])
        let done = try theo.call(CoupleAPI.completeCare, ItemID(care.handle))
        #expect(done.done && done.doneBy != nil)

        // Photos and the bridge
        let photo = try minji.call(CoupleAPI.putPhoto, CaptionQuery("노을 & sea"), body: TestImages.pngWithExif)
        #expect(photo.mediaType == "image/png" && photo.caption == "노을 & sea")
        #expect(try theo.call(CoupleAPI.photos, DateQuery(LocalDate("2026-11-30"))).photos.map(\.id) == [photo.id])
        let bytes = try theo.call(CoupleAPI.photo, ItemID(photo.id))
        #expect(bytes.mediaType == "image/png" && bytes.data.count == photo.bytes)
        #expect(!String(decoding: bytes.data, as: UTF8.self).contains("GPSLatitude"))
        let bridge = try minji.call(CoupleAPI.bridge, DateQuery(nil))
        #expect(bridge.date == "2026-11-30" && bridge.parts.mood == 10 && bridge.parts.photo > 0)
        let home = try minji.call(CoupleAPI.home, DateQuery(nil))
        #expect(home.members.filter(\.isMe).map(\.displayName) == ["Minji"] && home.members.count == 2)
        #expect(home.meeting?.date == "2026-12-24" && home.bridge.score == bridge.score)

        // Deleting and disconnecting
        try minji.call(CoupleAPI.deleteCare, ItemID(care.id))
        #expect(try minji.call(CoupleAPI.careList).care.isEmpty)
        try minji.call(CoupleAPI.deleteEvent, ItemID(event.handle))
        #expect(try theo.call(CoupleAPI.events, MonthQuery(YearMonth("2026-12"))).events.isEmpty)
        try theo.call(CoupleAPI.disconnect)
        let gone = #expect(throws: AppError.self) { try minji.call(CoupleAPI.couple) }
        #expect(gone?.kind == .notFound && gone?.code == "not_paired")
        let archive = try minji.call(CoupleAPI.archive)
        #expect(archive.moods.map(\.id) == [mood.id] && archive.photos.map(\.id) == [photo.id] && archive.availableUntil != nil)

        #expect(Set(log.signatures) == Set(CoupleAPI.signatures))
    }

    @Test("a refusal reaches the client as the AppError the route threw")
    func refusalsReachTheClient() throws {
        let server = try CoupleServer()
        let a = server.token("a@example.com", name: "A", zone: "UTC")
        let client = server.client(a)
        let invalid = #expect(throws: AppError.self) { try client.call(CoupleAPI.setMood, body: MoodBody(mood: "grumpy", status: nil, note: nil)) }
        #expect(invalid?.kind == .invalidInput && invalid?.code == "invalid_mood")
        let month = #expect(throws: AppError.self) { try client.call(CoupleAPI.events, MonthQuery(nil)) }
        #expect(month?.code == "not_paired")
        let empty = #expect(throws: AppError.self) { try client.call(CoupleAPI.putPhoto, CaptionQuery(nil), body: Data()) }
        #expect(empty?.code == "empty_image")
    }
}
