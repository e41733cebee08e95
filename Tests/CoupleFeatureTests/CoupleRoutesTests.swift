import Foundation
import Testing
import Client
import Core
import Domain
@testable import CoupleFeature

@Suite("The couple API: pairing, the space, the bridge, the home, disconnecting")
struct CoupleRoutesTests {
    @Test("pairing: an invite joins two accounts; every refusal answers with its own code")
    func pairingAndRefusals() throws {
        let api = try CoupleServer()
        let a = api.token("a@example.com", name: "A", zone: "Asia/Seoul")
        let b = api.token("b@example.com", name: "B", zone: "Europe/Paris")
        let c = api.token("c@example.com", name: "C", zone: "UTC")
        let d = api.token("d@example.com", name: "D", zone: "UTC")

        #expect(api.send("GET", "/v1/couple", token: a).errorCode == "not_paired")
        let invite = api.send("POST", "/v1/couple/invites", token: a)
        #expect(invite.status == 201, "\(invite)")
        let code = try #require(invite.json.string("code"))
        #expect(code.count == 8)
        #expect(code.allSatisfy { "23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains($0) })
        #expect(invite.json.string("expires_at") == "2026-12-01T19:00:00+09:00") // in the viewer's zone

        #expect(api.send("POST", "/v1/couple/join", json: ["code": code], token: a).errorCode == "own_invite")
        let unknown = api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZZ"], token: b)
        #expect(unknown.status == 404 && unknown.errorCode == "invite_not_found", "\(unknown)")

        // Typed in lower case with a dash, it still works.
        let joined = api.send("POST", "/v1/couple/join", json: ["code": code.prefix(4).lowercased() + "-" + code.suffix(4)], token: b)
        #expect(joined.status == 200, "\(joined)")
        let members = joined.json.objects("members")
        #expect(members.map { $0.string("display_name") ?? "" } == ["A", "B"])
        #expect(members.map { $0.string("time_zone") ?? "" } == ["Asia/Seoul", "Europe/Paris"])
        #expect(api.send("GET", "/v1/couple", token: a).json.string("id") == joined.json.string("id"))

        // Used, and both are now paired.
        let used = api.send("POST", "/v1/couple/join", json: ["code": code], token: c)
        #expect(used.status == 410 && used.errorCode == "invite_expired", "\(used)")
        #expect(api.send("POST", "/v1/couple/invites", token: a).errorCode == "already_paired")
        let cCode = api.send("POST", "/v1/couple/invites", token: c).json.string("code") ?? ""
        let already = api.send("POST", "/v1/couple/join", json: ["code": cCode], token: b)
        #expect(already.status == 409 && already.errorCode == "already_paired", "\(already)")

        // A new invite revokes the previous one; an invite expires after 24 hours.
        let second = api.send("POST", "/v1/couple/invites", token: c).json.string("code") ?? ""
        #expect(api.send("POST", "/v1/couple/join", json: ["code": cCode], token: d).errorCode == "invite_expired")
        api.clock.advance(24 * 3600 + 1)
        let expired = api.send("POST", "/v1/couple/join", json: ["code": second], token: d)
        #expect(expired.status == 410 && expired.errorCode == "invite_expired")
    }

    @Test("guessing codes: after 5 wrong ones the account waits, told how long, even with a good code")
    func guessingIsThrottled() throws {
        let api = try CoupleServer()
        let a = api.token("a@example.com", name: "A", zone: "UTC")
        let guesser = api.token("g@example.com", name: "G", zone: "UTC")
        let code = api.send("POST", "/v1/couple/invites", token: a).json.string("code") ?? ""
        for attempt in 1...5 {
            let response = api.send("POST", "/v1/couple/join", json: ["code": "2345678\(attempt + 1)"], token: guesser)
            #expect(response.status == 404, "attempt \(attempt): \(response)")
        }
        let throttled = api.send("POST", "/v1/couple/join", json: ["code": code], token: guesser)
        #expect(throttled.status == 429 && throttled.errorCode == "too_many_attempts", "\(throttled)")
        #expect(throttled.header("Retry-After") == "60")
        api.clock.advance(61)
        #expect(api.send("POST", "/v1/couple/join", json: ["code": code], token: guesser).status == 200)
    }

    @Test("an account outside the couple gets 404 for every couple resource")
    func outsidersSeeNothing() throws {
        let api = try CoupleServer()
        let (a, _) = api.pair()
        let outsider = api.token("x@example.com", name: "X", zone: "UTC")
        let photo = api.send("PUT", "/v1/couple/photos/today", token: a, body: TestImages.pngWithExif, contentType: "image/png")
        let photoID = try #require(photo.json.string("id"), "\(photo)")
        let care = api.send("POST", "/v1/couple/care", json: ["text": "drink water", "for": "me"], token: a).json.string("id") ?? ""
        let event = api.send("POST", "/v1/couple/events", json: ["title": "Call", "start": "2026-12-01T20:00"], token: a).json.string("id") ?? ""
        let requests: [(String, String, Any?)] = [
            ("GET", "/v1/couple", nil), ("DELETE", "/v1/couple", nil), ("GET", "/v1/couple/home", nil),
            ("GET", "/v1/couple/bridge", nil), ("PUT", "/v1/couple/mood", ["mood": "happy"]), ("GET", "/v1/couple/moods", nil),
            ("PUT", "/v1/couple/meeting", ["date": "2026-12-24"]), ("GET", "/v1/couple/events", nil),
            ("POST", "/v1/couple/events", ["title": "x", "start": "2026-12-24"]), ("PATCH", "/v1/couple/events/\(event)", ["title": "y"]),
            ("DELETE", "/v1/couple/events/\(event)", nil), ("POST", "/v1/couple/calendar/checked", nil), ("GET", "/v1/couple/care", nil),
            ("POST", "/v1/couple/care", ["text": "x"]), ("POST", "/v1/couple/care/\(care)/done", nil), ("DELETE", "/v1/couple/care/\(care)", nil),
            ("GET", "/v1/couple/photos", nil), ("GET", "/v1/couple/photos/\(photoID)", nil), ("GET", "/v1/couple/archive", nil),
        ]
        for (method, path, body) in requests {
            let response = api.send(method, path, json: body, token: outsider)
            #expect(response.status == 404, "\(method) \(path): \(response)")
        }
        let upload = api.send("PUT", "/v1/couple/photos/today", token: outsider, body: TestImages.jpegWithExif, contentType: "image/jpeg")
        #expect(upload.status == 404 && upload.errorCode == "not_paired")
        // And nothing changed for the couple.
        #expect(api.send("GET", "/v1/couple/care", token: a).json.objects("care").first?.bool("done") == false)
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": "2026-12"]).json.objects("events").count == 1)
    }

    @Test("two partners eight hours apart fill today's bridge to 100, each on their own date")
    func bridgeToOneHundred() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        func bridge(_ token: String, _ date: String? = nil, language: String? = nil) -> [String: Any] {
            api.send("GET", "/v1/couple/bridge", token: token, query: date.map { ["date": $0] } ?? [:], language: language).json
        }
        let empty = bridge(a)
        #expect(empty.int("score") == 0 && empty.string("stage") == "waiting")
        #expect(empty.string("stage_label") == "Waiting for the first step")
        #expect(bridge(a, language: "ko-KR,ko;q=0.9,en;q=0.8").string("stage_label") == "첫 발판을 기다리는 중")

        #expect(api.send("PUT", "/v1/couple/mood", json: ["mood": "tired", "status": "at work"], token: a).status == 200)
        #expect(bridge(a).int("score") == 10 && bridge(a).string("stage") == "started")
        #expect(api.send("PUT", "/v1/couple/mood", json: ["mood": "happy", "note": "coffee"], token: b).status == 200)
        #expect(api.send("PUT", "/v1/couple/photos/today", token: a, body: TestImages.jpegWithExif, contentType: "image/jpeg").status == 200)
        #expect(api.send("PUT", "/v1/couple/photos/today", token: b, body: TestImages.pngWithExif, contentType: "image/png").status == 200)
        #expect(bridge(a).string("stage") == "halfway")
        let forB = api.send("POST", "/v1/couple/care", json: ["text": "take vitamins", "for": "partner"], token: a).json
        #expect(forB.string("for") == "partner")
        let done = api.send("POST", "/v1/couple/care/\(forB.string("id") ?? "")/done", token: b)
        #expect(done.status == 200 && done.json.bool("done") == true && done.json.string("for") == "me", "\(done)")
        let forA = api.send("POST", "/v1/couple/care", json: ["text": "call grandma", "for": "me", "due": "2026-12-02"], token: a).json
        _ = api.send("POST", "/v1/couple/care/\(forA.string("id") ?? "")/done", token: a)
        #expect(bridge(b).object("parts").int("care") == 30)
        #expect(api.send("GET", "/v1/couple/events", token: a).status == 200) // looking counts
        #expect(bridge(a).int("score") == 90 && bridge(a).string("stage") == "almost")
        #expect(api.send("POST", "/v1/couple/calendar/checked", token: b).status == 200)

        let full = bridge(b, language: "ko")
        #expect(full.int("score") == 100, "\(full)")
        #expect(full.string("stage") == "complete" && full.string("stage_label") == "오늘의 다리 완성")
        #expect(full.object("parts").int("mood") == 20 && full.object("parts").int("photo") == 30)
        #expect(full.object("parts").int("care") == 30 && full.object("parts").int("calendar") == 20)
        #expect(full.int("streak") == 1)

        // 20:00Z: 05:00 on 1 December in Seoul, still 21:00 on 30 November in Paris.
        api.at("2026-11-30T20:00:00Z")
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "calm"], token: a)
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "loving"], token: b) // replaces B's mood of the 30th
        #expect(bridge(a).string("date") == "2026-12-01" && bridge(a).int("score") == 10)
        #expect(bridge(b).string("date") == "2026-11-30" && bridge(b).int("score") == 100)
        #expect(bridge(a).int("streak") == 1) // the 1st is still being built: the run so far counts
        let moods = api.send("GET", "/v1/couple/moods", token: b).json.objects("moods")
        #expect(moods.map { "\($0.string("date") ?? "") \($0.string("mood") ?? "")" } == ["2026-12-01 calm", "2026-11-30 loving", "2026-11-30 tired"])
    }

    @Test("a photo is stripped of its location, replaced the same day, fetched only by the two; bad bodies are refused")
    func photos() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        let uploaded = api.send("PUT", "/v1/couple/photos/today", token: a, query: ["caption": "first snow"],
                                body: TestImages.jpegWithExif, contentType: "image/jpeg")
        #expect(uploaded.status == 200, "\(uploaded)")
        #expect(uploaded.json.string("media_type") == "image/jpeg" && uploaded.json.string("caption") == "first snow")
        let id = try #require(uploaded.json.string("id"))
        let fetched = api.send("GET", "/v1/couple/photos/\(id)", token: b)
        #expect(fetched.status == 200 && fetched.header("Content-Type") == "image/jpeg")
        #expect(fetched.body.starts(with: [0xFF, 0xD8]) && fetched.body.count < TestImages.jpegWithExif.count)
        #expect(fetched.body.range(of: Data("GPSLatitude".utf8)) == nil && fetched.body.range(of: Data("Exif".utf8)) == nil)
        #expect(fetched.body.suffix(5) == Data([0x12, 0x34, 0x56, 0xFF, 0xD9]))

        // A PNG the same day replaces it (a PNG declared as octet-stream is recognised by its bytes).
        let replaced = api.send("PUT", "/v1/couple/photos/today", token: a, body: TestImages.pngWithExif, contentType: "application/octet-stream")
        #expect(replaced.json.string("id") == id && replaced.json.string("media_type") == "image/png")
        let png = api.send("GET", "/v1/couple/photos/\(id)", token: a)
        #expect(png.header("Content-Type") == "image/png" && png.body.range(of: Data("eXIf".utf8)) == nil)
        let list = api.send("GET", "/v1/couple/photos", token: b, query: ["date": "2026-11-30"]).json.objects("photos")
        #expect(list.count == 1 && list.first?.string("url") == "/v1/couple/photos/\(id)")

        let tooBig = api.send("PUT", "/v1/couple/photos/today", token: a, body: Data(count: 10 << 20 + 1), contentType: "image/jpeg")
        #expect(tooBig.status == 413, "\(tooBig)")
        let text = api.send("PUT", "/v1/couple/photos/today", token: a, body: Data("hello".utf8), contentType: "text/plain")
        #expect(text.status == 415)
        let gif = api.send("PUT", "/v1/couple/photos/today", token: a, body: Data("GIF89a....".utf8), contentType: "image/jpeg")
        #expect(gif.status == 400 && gif.errorCode == "unsupported_image", "\(gif)")
        let empty = api.send("PUT", "/v1/couple/photos/today", token: a, body: Data(), contentType: "image/jpeg")
        #expect(empty.status == 400)
        #expect(api.send("GET", "/v1/couple/photos/nope", token: a).errorCode == "photo_not_found")
    }

    @Test("the meeting counts down on each member's own date; the calendar repeats anniversaries and shows times in the viewer's zone")
    func meetingAndCalendar() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        let meeting = api.send("PUT", "/v1/couple/meeting", json: ["date": "2026-12-12", "place": "Incheon T2"], token: a)
        #expect(meeting.status == 200 && meeting.json.string("d_day") == "D-12", "\(meeting)")
        #expect(api.send("PUT", "/v1/couple/meeting", json: ["date": "2026-11-01"], token: a).errorCode == "invalid_date")
        #expect(api.send("PUT", "/v1/couple/meeting", json: ["date": "2026-13-01"], token: a).errorCode == "invalid_date")
        api.at("2026-11-30T20:00:00Z")
        let home = api.send("GET", "/v1/couple/home", token: b).json
        #expect(home.object("meeting").string("d_day") == "D-12")
        let countdowns = home.object("meeting").objects("countdowns").map { $0.string("d_day") ?? "" }.sorted()
        #expect(countdowns == ["D-11", "D-12"])

        let anniversary = api.send("POST", "/v1/couple/events", json: [
            "title": "Our anniversary", "start": "2024-12-24", "all_day": true, "repeat": "yearly", "for": "us",
        ], token: a)
        #expect(anniversary.status == 201, "\(anniversary)")
        let call = api.send("POST", "/v1/couple/events", json: ["title": "Video call", "start": "2026-12-02T20:00", "end": "2026-12-02T21:00", "for": "me"], token: b)
        #expect(call.status == 201, "\(call)")
        let december = api.send("GET", "/v1/couple/events", token: a, query: ["month": "2026-12"]).json.objects("events")
        #expect(december.map { $0.string("title") ?? "" } == ["Video call", "Our anniversary"])
        #expect(december.first?.string("start") == "2026-12-03T04:00:00+09:00" && december.first?.string("for") == "partner")
        #expect(december.last?.string("start") == "2026-12-24" && december.last?.string("repeat") == "yearly")
        let callID = call.json.string("id") ?? ""
        let patched = api.send("PATCH", "/v1/couple/events/\(callID)", json: ["title": "Long call"], token: a)
        #expect(patched.status == 200 && patched.json.string("title") == "Long call" && patched.json.string("end") == "2026-12-03T05:00:00+09:00", "\(patched)")
        #expect(api.send("POST", "/v1/couple/events", json: ["title": "x", "start": "tomorrow"], token: a).errorCode == "invalid_start")
        #expect(api.send("POST", "/v1/couple/events", json: ["title": "x", "start": "2026-12-02", "repeat": "daily"], token: a).errorCode == "invalid_repeat")
        #expect(api.send("DELETE", "/v1/couple/events/\(callID)", token: b).status == 204)
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": "2027-12"]).json.objects("events").map { $0.string("start") ?? "" } == ["2027-12-24"])
    }

    @Test("the home: both local times, day or night, weathers (stale when the provider fails), moods and a time to call")
    func home() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        #expect(api.send("PUT", "/v1/me/location", json: ["city": "Seoul", "lat": 37.5665, "lon": 126.978], token: a).status == 200)
        #expect(api.send("PUT", "/v1/me/location", json: ["city": "Paris", "lat": 48.8566, "lon": 2.3522], token: b).status == 200)
        #expect(api.send("PUT", "/v1/me/location", json: ["city": "Nowhere", "lat": 91, "lon": 0], token: b).errorCode == "invalid_latitude")
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "excited", "status": "packing"], token: b)

        let home = api.send("GET", "/v1/couple/home", token: a)
        #expect(home.status == 200, "\(home)")
        let members = home.json.objects("members")
        let me = try #require(members.first { $0.bool("is_me") == true })
        let partner = try #require(members.first { $0.bool("is_me") == false })
        #expect(me.string("local_time") == "2026-11-30T19:00:00+09:00" && partner.string("local_time") == "2026-11-30T11:00:00+01:00")
        #expect(me.bool("daytime") == false && partner.bool("daytime") == true)
        #expect(me.object("weather").double("temp_c") == 21.1 && partner.object("weather").string("description") == "light snow")
        #expect(partner.object("weather").bool("stale") == false)
        #expect(partner.object("mood").string("mood") == "excited" && me["mood"] is NSNull)
        #expect(home.json.double("difference_s") == -28_800)
        #expect(home.json.object("call_window").string("starts_at") == "2026-11-30T19:00:00+09:00")
        #expect(home.json.object("call_window").string("ends_at") == "2026-11-30T23:00:00+09:00")
        #expect(home.json.objects("recent").first?.string("kind") == "mood")
        #expect(api.weather.calls.withLock { $0 } == 2)

        // Within 15 minutes the cache answers; later a failing provider leaves the last weather, marked stale.
        _ = api.send("GET", "/v1/couple/home", token: b)
        #expect(api.weather.calls.withLock { $0 } == 2)
        api.weather.failing.withLock { $0 = true }
        api.clock.advance(16 * 60)
        let stale = api.send("GET", "/v1/couple/home", token: a)
        #expect(stale.status == 200)
        #expect(stale.json.objects("members").allSatisfy { $0.object("weather").bool("stale") == true })
    }

    @Test("without a weather key the home still answers, saying weather is not configured")
    func homeWithoutWeather() throws {
        let api = try CoupleServer(weather: FakeWeather(configured: false))
        let (a, _) = api.pair()
        _ = api.send("PUT", "/v1/me/location", json: ["city": "Seoul", "lat": 37.5665, "lon": 126.978], token: a)
        let home = api.send("GET", "/v1/couple/home", token: a)
        #expect(home.status == 200)
        #expect(home.json.objects("members").allSatisfy { $0["weather"] is NSNull && $0.bool("weather_configured") == false })
        #expect(api.weather.calls.withLock { $0 } == 0)
    }

    @Test("disconnecting: both lose the space at once; each downloads only their own writings for 30 days; then it is erased")
    func disconnectAndArchive() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "sad"], token: a)
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "calm"], token: b)
        let mine = api.send("PUT", "/v1/couple/photos/today", token: a, body: TestImages.jpegWithExif, contentType: "image/jpeg").json.string("id") ?? ""
        let theirs = api.send("PUT", "/v1/couple/photos/today", token: b, body: TestImages.pngWithExif, contentType: "image/png").json.string("id") ?? ""

        #expect(api.send("DELETE", "/v1/couple", token: b).status == 204)
        #expect(api.send("GET", "/v1/couple", token: a).errorCode == "not_paired")
        #expect(api.send("GET", "/v1/couple/home", token: b).errorCode == "not_paired")
        let archive = api.send("GET", "/v1/couple/archive", token: a)
        #expect(archive.status == 200, "\(archive)")
        #expect(archive.json.objects("moods").map { $0.string("mood") ?? "" } == ["sad"])
        #expect(archive.json.objects("photos").map { $0.string("id") ?? "" } == [mine])
        #expect(archive.json.string("expires_at") == "2026-12-30T19:00:00+09:00")
        #expect(api.send("GET", "/v1/couple/photos/\(mine)", token: a).status == 200)
        #expect(api.send("GET", "/v1/couple/photos/\(theirs)", token: a).status == 404)
        #expect(api.send("GET", "/v1/couple/photos/\(theirs)", token: b).status == 200)

        // A new invite starts a fresh, empty space; the old space's archive stays reachable.
        let code = api.send("POST", "/v1/couple/invites", token: a).json.string("code") ?? ""
        #expect(api.send("POST", "/v1/couple/join", json: ["code": code], token: b).status == 200)
        #expect(api.send("GET", "/v1/couple/moods", token: a).json.objects("moods").isEmpty)
        #expect(api.send("GET", "/v1/couple/archive", token: a).json.objects("moods").map { $0.string("mood") ?? "" } == ["sad"])
        #expect(api.send("DELETE", "/v1/couple", token: a).status == 204)

        let minji = try #require(try api.stack.accountID(token: a))
        let spaces = try api.stack.couples.couples(accountID: minji).map(\.id)
        #expect(spaces.count == 2)
        #expect(try spaces.flatMap { try api.stack.photos(coupleID: $0) }.map(\.id).sorted() == [mine, theirs].sorted())

        api.clock.advance(30 * 24 * 3600 + 60)
        let later = api.token("minji@example.com", name: "Minji", zone: "Asia/Seoul") // the 30-day session ended too
        #expect(api.send("GET", "/v1/couple/archive", token: later).errorCode == "not_paired")
        #expect(api.send("GET", "/v1/couple/photos/\(mine)", token: later).status == 404)
        for space in spaces { #expect(try api.stack.photos(coupleID: space).isEmpty) }
    }

    @Test("bad bodies are 400s with the field's code; the couple routes are in /openapi.json")
    func validationAndDocument() throws {
        let api = try CoupleServer()
        let (a, _) = api.pair()
        #expect(api.send("PUT", "/v1/couple/mood", json: ["mood": "ecstatic"], token: a).errorCode == "invalid_mood")
        #expect(api.send("PUT", "/v1/couple/mood", json: ["mood": "happy", "status": String(repeating: "x", count: 61)], token: a).errorCode == "invalid_status")
        #expect(api.send("POST", "/v1/couple/care", json: ["text": "  "], token: a).errorCode == "invalid_text")
        #expect(api.send("POST", "/v1/couple/care", json: ["text": "x", "for": "us"], token: a).errorCode == "invalid_for")
        #expect(api.send("POST", "/v1/couple/join", json: ["code": 12345678], token: a).status == 400)
        #expect(api.send("PUT", "/v1/me/location", json: ["city": "X", "lat": 1e300, "lon": 0], token: a).errorCode == "invalid_latitude")
        #expect(api.send("GET", "/v1/couple/bridge", token: a, query: ["date": "2026-02-30"]).errorCode == "invalid_date")
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": "2026-13"]).errorCode == "invalid_month")
        // A far month answers at once (a repeat walking past the year 9999 once never ended).
        _ = api.send("POST", "/v1/couple/events", json: ["title": "Monthly", "start": "2026-01-31", "repeat": "monthly"], token: a)
        _ = api.send("POST", "/v1/couple/events", json: ["title": "Yearly", "start": "2024-02-29", "repeat": "yearly"], token: a)
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": "9999-12"]).errorCode == "invalid_month")
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": "2200-12"]).json.objects("events").map { $0.string("start") ?? "" }
                == ["2200-12-31"])
        // The routes describe themselves; that the server serves them all is CompositionTests' check.
        let document = try api.stack.openAPIDocument().object("paths")
        for path in ["/v1/couple", "/v1/couple/invites", "/v1/couple/join", "/v1/couple/home", "/v1/couple/photos/today",
                     "/v1/couple/photos/{id}", "/v1/couple/bridge", "/v1/me/location", "/v1/couple/archive"] {
            #expect(document[path] != nil, "\(path)")
        }
    }
}

@Suite("Couple command details")
struct CoupleCommandDetailTests {
    @Test("ids in paths are percent-encoded, dots too: '..' can never climb to another route")
    func pathSegments() {
        #expect(ServerRequest.segment("..") == "%2E%2E")
        #expect(ServerRequest.segment("01a2-b_c") == "01a2-b_c")
        #expect(ServerRequest.segment("a/b?c") == "a%2Fb%3Fc")
    }

    @Test("archive file names keep only plain characters")
    func safeNames() {
        #expect(PhotoCommands.safeName("../../.bashrc") == "bashrc")
        #expect(PhotoCommands.safeName("2026-11-30-01a2") == "2026-11-30-01a2")
        #expect(PhotoCommands.safeName("///") == "photo")
    }
}

@Suite("The home as text")
struct CoupleHomeTextTests {
    @Test("the home screen in English and in Korean")
    func homeText() throws {
        let api = try CoupleServer(weather: FakeWeather(configured: false))
        let (a, b) = api.pair()
        _ = api.send("PUT", "/v1/me/location", json: ["city": "Seoul", "lat": 37.5665, "lon": 126.978], token: a)
        _ = api.send("PUT", "/v1/couple/mood", json: ["mood": "tired", "status": "at work"], token: a)
        _ = api.send("PUT", "/v1/couple/meeting", json: ["date": "2026-12-24", "place": "Incheon"], token: b)
        let body = api.send("GET", "/v1/couple/home", token: a, language: "ko").body
        let home = try JSONDecoder().decode(HomeJSON.self, from: body)

        let english = CoupleText.home(home, language: .en)
        #expect(english.contains("Next meeting  D-24 · 2026-12-24 · Incheon (Théo: D-24)"), "\(english)")
        #expect(english.contains("Minji (you)") && english.contains("19:00 Seoul (UTC+09:00)") && english.contains("😪 tired · at work"))
        #expect(english.contains("weather not configured"))
        #expect(english.contains("Théo is 8 h behind. Good time to call: now until 23:00 (your time)."), "\(english)")

        let korean = CoupleText.home(home, language: .ko)
        #expect(korean.contains("다음 만남") && korean.contains("오늘의 다리") && korean.contains("Minji (나)"), "\(korean)")
        #expect(korean.contains("기분: tired · at work"), "\(korean)")
        #expect(korean.contains("서로에게 가는 중") || korean.contains("다리 놓기 시작"), "\(korean)") // the server's Korean label
        #expect(korean.contains("Théo은(는) 8시간 늦어요. 통화하기 좋은 시간: 지금부터 23:00까지 (내 시간 기준)."), "\(korean)")
    }
}
