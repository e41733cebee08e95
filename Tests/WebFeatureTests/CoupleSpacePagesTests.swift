import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// The couple space's other screens: the photo of the day (multipart, as a phone's camera
/// posts it), the next meeting, the shared calendar and the care list.
@Suite("Web app: the couple space's photo, meeting, calendar and care list")
struct CoupleSpacePagesTests {
    /// Two browsers paired as a couple (Minji in Seoul, Jun too).
    static func paired() throws -> (app: HTTPApplication, minji: WebBrowser, jun: WebBrowser) {
        let (_, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app, email: "minji@example.com", name: "Minji")
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        minji.get("/couple")
        let invite = minji.post("/couple/invites", [])
        let code = try #require(invite.html.range(of: #"partner: [A-Z0-9-]+"#, options: .regularExpression).map {
            String(invite.html[$0].dropFirst("partner: ".count))
        })
        jun.get("/couple")
        #expect(jun.post("/couple/join", [("code", code)]).location == "/couple")
        return (app, minji, jun)
    }

    /// A JPEG whose Exif segment holds a location, as a phone's camera writes it.
    static let jpegWithLocation: Data = {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        bytes += segment(0xE1, Array("Exif\0\0MM".utf8) + [0, 0x2A, 0, 0, 0, 8] + Array("GPS 37.5665 N 126.9780 E".utf8))
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0] + [UInt8](repeating: 0, count: 15) + [1, 0])
        bytes += segment(0xDA, [1, 1, 0, 0, 63, 0])
        bytes += [0x12, 0x34, 0x56, 0xFF, 0xD9]
        return Data(bytes)
    }()

    @Test func aPhotoTakenWithThePhoneIsSharedWithoutItsLocation() throws {
        let (app, minji, jun) = try Self.paired()
        let home = minji.get("/couple").html
        #expect(home.contains(#"enctype="multipart/form-data""#))
        #expect(home.contains(#"<input id="f-photo" type="file" name="photo" accept="image/*" capture required"#))
        let posted = minji.upload("/couple/photos", fields: [("caption", "첫눈 <b>snow</b>")], file: Self.jpegWithLocation)
        #expect(posted.status == 303 && posted.location == "/couple?done=photo")
        #expect(minji.follow(posted).html.contains("✓ Shared today&#39;s photo."))

        let seen = jun.get("/couple").html
        let src = try #require(seen.range(of: #"/couple/photos/[0-9a-f-]+"#, options: .regularExpression).map { String(seen[$0]) })
        #expect(seen.contains("Minji&#39;s photo of the day: 첫눈 &lt;b&gt;snow&lt;/b&gt;"))
        let image = jun.get(src)
        #expect(image.status == 200 && image.response.header("Content-Type") == "image/jpeg")
        #expect(image.response.body.starts(with: [0xFF, 0xD8]))
        #expect(image.response.body.range(of: Data("GPS".utf8)) == nil, "the location went along")
        let etag = try #require(image.response.header("ETag"))
        #expect(jun.get(src, extraHeaders: ["If-None-Match": etag]).status == 304)

        let outsider = WebWorld.signedUp(app, email: "someone@example.com", name: "Someone")
        #expect(outsider.get(src).status == 404)
    }

    @Test func badPhotosAreRefusedWithAPageNeverA500() throws {
        let (_, minji, _) = try Self.paired()
        minji.get("/couple")
        let text = minji.upload("/couple/photos", fields: [], file: Data("hello".utf8))
        #expect(text.status == 400 && text.html.contains("the photo must be a JPEG, PNG, WebP or HEIC image"))
        minji.get("/couple")
        let none = minji.upload("/couple/photos", fields: [], file: nil)
        #expect(none.status == 400 && none.html.contains("the photo is empty"))
        minji.get("/couple")
        let big = minji.upload("/couple/photos", fields: [], file: Data(count: (10 << 20) + 1))
        #expect(big.status == 413 && big.html.contains("larger than 10 MiB"))
        #expect(big.response.header("Content-Type")?.hasPrefix("text/html") == true)
        minji.get("/couple")
        let forged = minji.upload("/couple/photos", fields: [], file: Self.jpegWithLocation, csrf: "forged")
        #expect(forged.status == 403)
        minji.headers["Accept-Language"] = "ko"
        minji.get("/couple")
        #expect(minji.upload("/couple/photos", fields: [], file: Data("hello".utf8)).html.contains("사진은 JPEG, PNG, WebP, HEIC만"))
    }

    /// A body over the route's limit is refused before the handler reads it (by the server before
    /// the body arrives): the web's page in the person's language, never the API's JSON.
    @Test func aBodyOverTheLimitAnswersAPageInThePersonsLanguage() throws {
        let (app, minji, jun) = try Self.paired()
        minji.headers["Accept-Language"] = "ko"
        minji.get("/couple")
        let limit = MultipartForm.bodyLimit(maximumFileSize: 10 << 20)
        let over = minji.send("POST", "/couple/photos", body: Data(count: limit + 1),
                              extraHeaders: ["Content-Type": "multipart/form-data; boundary=x"])
        #expect(over.status == 413 && over.response.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(over.html.contains("사진이 10 MiB보다 커요.") && over.html.contains(#"<html lang="ko">"#))
        #expect(!jun.get("/couple").html.contains("/couple/photos/"), "a refused body left a photo")

        // As the server asks before reading: the head alone, the same page; the API keeps its JSON.
        let head = HTTPRequest(method: "POST", path: "/couple/photos", headers: ["Cookie": "tend_session=\(minji.cookies["tend_session"] ?? "")"],
                               remoteAddress: "127.0.0.1")
        let early = app.refusal(AppError(.tooLarge, code: "body_too_large", "too large"), head: head)
        #expect(early.status == 413 && String(decoding: early.body, as: UTF8.self).contains("the photo is larger than 10 MiB"))
        let api = app.refusal(AppError(.tooLarge, code: "body_too_large", "too large"),
                              head: HTTPRequest(method: "PUT", path: "/v1/couple/photos/today", remoteAddress: "127.0.0.1"))
        #expect(api.status == 413 && api.header("Content-Type")?.hasPrefix("application/json") == true)
        let loggedOut = app.refusal(AppError(.tooLarge, code: "body_too_large", "too large"),
                                    head: HTTPRequest(method: "POST", path: "/couple/photos", remoteAddress: "127.0.0.1"))
        #expect(loggedOut.status == 303 && loggedOut.header("Location")?.hasPrefix("/login") == true)

        // A plain form over the server's own limit gets a page too.
        let form = minji.send("POST", "/couple/care", body: Data(count: app.maximumBodySize + 1),
                              extraHeaders: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(form.status == 413 && form.response.header("Content-Type")?.hasPrefix("text/html") == true)
    }

    @Test func theNextMeetingIsSetWithItsPlace() throws {
        let (_, minji, jun) = try Self.paired()
        minji.get("/couple")
        #expect(minji.post("/couple/meeting", [("date", "2026-12-24"), ("place", "Incheon <airport>")]).location == "/couple?done=meeting")
        let home = jun.get("/couple").html
        #expect(home.contains("Thu 24 December · Incheon &lt;airport&gt; · <strong>D-24</strong>"))
        minji.get("/couple")
        let past = minji.post("/couple/meeting", [("date", "2026-11-01")])
        #expect(past.status == 400 && past.html.contains("is in the past"))
        minji.get("/couple")
        #expect(minji.post("/couple/meeting", [("date", "soon")]).status == 400)
    }

    @Test func theSharedCalendarAddsListsAndDeletesEvents() throws {
        let (app, minji, jun) = try Self.paired()
        minji.get("/couple/calendar")
        let added = minji.post("/couple/calendar/events", [("title", "Video call <3"), ("start", "2026-12-02"), ("start_time", "21:30"),
                                                          ("repeat", "weekly"), ("for", "us")])
        #expect(added.location == "/couple/calendar?month=2026-12&done=added")
        minji.get("/couple/calendar")
        minji.post("/couple/calendar/events", [("title", "Jun's exams"), ("start", "2026-12-14"), ("end", "2026-12-16"), ("for", "partner")])
        let december = jun.get("/couple/calendar?month=2026-12").html
        #expect(december.contains("Video call &lt;3"))
        #expect(december.contains("21:30 · both of us · every week"))
        #expect(december.contains("Wed 30 December"), "a weekly event repeats through the month")
        #expect(december.contains("all day · → Wed 16 December · mine"), "Minji's partner event is Jun's own")

        jun.get("/couple/calendar")
        let bad = jun.post("/couple/calendar/events", [("title", "Trip"), ("start", "2026-12-20"), ("end", "2026-12-01")])
        #expect(bad.status == 400 && bad.html.contains("end is before start"))
        #expect(bad.html.contains(#"value="Trip""#), "the typed values stay in the form")
        #expect(jun.post("/couple/calendar/events", [("title", " "), ("start", "2026-12-20")]).status == 400)
        jun.get("/couple/calendar")
        #expect(jun.post("/couple/calendar/events", [("title", "x"), ("start", "2026-12-20"), ("start_time", "25:00")]).status == 400)
        #expect(jun.get("/couple/calendar?month=nope").status == 400)

        let id = try #require(december.range(of: #"/couple/calendar/events/[0-9a-f-]+/delete"#, options: .regularExpression)
            .map { String(december[$0]) })
        let outsider = WebWorld.signedUp(app, email: "someone@example.com", name: "Someone")
        #expect(outsider.get("/couple/calendar").location == "/couple")
        outsider.get("/couple")
        #expect(outsider.post(id, [("month", "2026-12")]).status == 404)
        jun.get("/couple/calendar?month=2026-12")
        #expect(jun.post(id, [("month", "2026-12")]).location == "/couple/calendar?month=2026-12&done=deleted")
        #expect(!minji.get("/couple/calendar?month=2026-12").html.contains("Video call"))

        minji.headers["Accept-Language"] = "ko"
        let korean = minji.get("/couple/calendar?month=2026-12").html
        #expect(korean.contains("공유 캘린더") && korean.contains("12월 14일 (월)") && korean.contains("하루 종일"))
    }

    @Test func theCareListIsSharedAndTickedOffByEither() throws {
        let (_, minji, jun) = try Self.paired()
        minji.get("/couple/care")
        #expect(minji.post("/couple/care", [("text", "Send Jun a <i>letter</i>"), ("for", "partner"), ("due", "2026-12-05")]).location
            == "/couple/care?done=added")
        let list = jun.get("/couple/care").html
        #expect(list.contains("Send Jun a &lt;i&gt;letter&lt;/i&gt;"))
        #expect(list.contains("for Jun · by Sat 5 December"))
        let done = try #require(list.range(of: #"/couple/care/[0-9a-f-]+/done"#, options: .regularExpression).map { String(list[$0]) })
        #expect(jun.post(done, []).location == "/couple/care")
        #expect(minji.get("/couple/care").html.contains("✓ done · Jun"))

        minji.get("/couple/care")
        let empty = minji.post("/couple/care", [("text", "  "), ("for", "me")])
        #expect(empty.status == 400 && empty.html.contains("text must be 1 to 200 characters"))
        minji.get("/couple/care")
        #expect(minji.post("/couple/care", [("text", "x"), ("for", "us")]).status == 400)
        minji.get("/couple/care")
        #expect(minji.post("/couple/care", [("text", "x"), ("due", "tomorrow")]).status == 400)
        minji.get("/couple/care")
        let delete = done.replacingOccurrences(of: "/done", with: "/delete")
        #expect(minji.post(delete, []).location == "/couple/care?done=deleted")
        #expect(minji.get("/couple/care").html.contains("Nothing on the list yet."))
        minji.headers["Accept-Language"] = "ko"
        #expect(minji.get("/couple/care").html.contains("서로 챙김"))
    }
}

extension WebBrowser {
    /// Posts a `multipart/form-data` form as a browser does, with the last page's CSRF token and
    /// a `photo` file part (an empty part when nil: a file input left empty).
    @discardableResult
    func upload(_ path: String, fields: [(String, String)], file: Data?, csrf: String? = nil) -> Page {
        let boundary = "----TendFormBoundary7MA4YWxkTrZu0gW"
        var body = Data()
        for (name, value) in [("csrf", csrf ?? lastCSRF ?? "")] + fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(file == nil ? "" : "IMG_0001.jpg")\"\r\n".utf8)
        body += Data("Content-Type: \(file == nil ? "application/octet-stream" : "image/jpeg")\r\n\r\n".utf8)
        body += file ?? Data()
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        return send("POST", path, body: body, extraHeaders: ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
    }
}
