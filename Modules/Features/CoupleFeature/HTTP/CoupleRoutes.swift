import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/couple/…` and `/v1/me/location`: the couple space for the account of the token. An
/// account outside a couple gets 404 for every couple resource.
public enum CoupleRoutes {
    /// Photo bodies: the image's own bytes, up to 10 MiB (what they are is read from the bytes).
    public static let photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "application/octet-stream"]

    public static func make(couples: CoupleUseCases) -> [Route] {
        typealias S = OpenAPISchema
        @Sendable func me(_ request: HTTPRequest) -> String { request.accountID ?? "" }
        @Sendable func zone(_ request: HTTPRequest) -> TimeZone { couples.zone(of: me(request)) }
        let id = S.pathParameter("id", "The item's id")
        let dateQuery = S.queryParameter("date", "YYYY-MM-DD (default: your today)", S.date)
        return [
            Route("POST", "/v1/couple/invites", operation: OpenAPIOperation(
                summary: "Create an invite code (revokes your previous one)", tag: "couple",
                responses: [("201", S.jsonResponse("The code, valid 24 h", S.ref("Invite")))]
            )) { request in
                try .json(InviteJSON(try couples.createInvite(accountID: me(request)), zone: couples.zone(of: me(request))), status: 201)
            },
            Route("POST", "/v1/couple/join", operation: OpenAPIOperation(
                summary: "Join your partner's space with their code", tag: "couple",
                requestBody: S.jsonBody(S.ref("Join")), responses: [("200", S.jsonResponse("The couple", S.ref("Couple")))]
            )) { request in
                let body = try request.decode(JoinBody.self)
                _ = try couples.join(accountID: me(request), code: body.code)
                return try .json(CoupleJSON(try couples.members(accountID: me(request)), zone: couples.zone(of: me(request))))
            },
            Route("GET", "/v1/couple", operation: OpenAPIOperation(
                summary: "Your couple", tag: "couple", responses: [("200", S.jsonResponse("The couple", S.ref("Couple")))]
            )) { request in
                try .json(CoupleJSON(try couples.members(accountID: me(request)), zone: couples.zone(of: me(request))))
            },
            Route("DELETE", "/v1/couple", operation: OpenAPIOperation(
                summary: "Disconnect: both lose the space at once; each can download their own writings for 30 days", tag: "couple",
                responses: [("204", S.emptyResponse("Disconnected"))]
            )) { request in
                try couples.disconnect(accountID: me(request))
                return .noContent()
            },
            Route("GET", "/v1/couple/archive", operation: OpenAPIOperation(
                summary: "What you wrote and uploaded in your space (30 days after a disconnection)", tag: "couple",
                responses: [("200", S.jsonResponse("Your writings; photos as links", S.ref("Archive")))]
            )) { request in
                try couples.eraseExpired()
                return try .json(ArchiveJSON(try couples.archive(accountID: me(request)), viewer: me(request), zone: zone(request)))
            },
            Route("GET", "/v1/couple/home", operation: OpenAPIOperation(
                summary: "The home: next meeting, the bridge, both times, weathers and moods, recent moments", tag: "couple",
                parameters: [dateQuery], responses: [("200", S.jsonResponse("The home", S.ref("Home")))]
            )) { request in
                let home = try couples.home(accountID: me(request), on: try date(request, "date"))
                return try .json(HomeJSON(home, language: language(request)))
            },
            Route("PUT", "/v1/me/location", operation: OpenAPIOperation(
                summary: "Your city and its coordinates (for your partner's view and the weather)", tag: "couple",
                requestBody: S.jsonBody(S.ref("Location")), responses: [("200", S.jsonResponse("Saved", S.ref("Location")))]
            )) { request in
                let body = try request.decode(LocationBody.self)
                return try .json(LocationJSON(try couples.setLocation(accountID: me(request), city: body.city, latitude: body.lat,
                                                                      longitude: body.lon)))
            },
            Route("PUT", "/v1/couple/mood", operation: OpenAPIOperation(
                summary: "Today's mood (again the same day replaces it)", tag: "couple",
                requestBody: S.jsonBody(S.ref("MoodInput")), responses: [("200", S.jsonResponse("Today's mood", S.ref("Mood")))]
            )) { request in
                let body = try request.decode(MoodBody.self)
                guard let mood = Mood(rawValue: body.mood.lowercased()) else {
                    throw AppError.invalidInput("mood must be one of \(Mood.allCases.map(\.rawValue).joined(separator: ", "))", code: "invalid_mood")
                }
                return try .json(MoodJSON(try couples.setMood(accountID: me(request), mood: mood, status: body.status, note: body.note),
                                          zone: zone(request)))
            },
            Route("GET", "/v1/couple/moods", operation: OpenAPIOperation(
                summary: "Both moods between two dates (default: the last 30 days)", tag: "couple",
                parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
                responses: [("200", S.jsonResponse("The moods, newest first", S.ref("MoodList")))]
            )) { request in
                let moods = try couples.moods(accountID: me(request), from: try date(request, "from"), through: try date(request, "to"))
                return try .json(["moods": moods.map { MoodJSON($0, zone: zone(request)) }])
            },
            Route("PUT", "/v1/couple/meeting", operation: OpenAPIOperation(
                summary: "The next meeting (replaces the upcoming one; past ones are kept)", tag: "couple",
                requestBody: S.jsonBody(S.ref("MeetingInput")), responses: [("200", S.jsonResponse("The meeting", S.ref("Meeting")))]
            )) { request in
                let body = try request.decode(MeetingBody.self)
                guard let day = LocalDate(body.date) else {
                    throw AppError.invalidInput("date must be YYYY-MM-DD", code: "invalid_date")
                }
                let meeting = try couples.setMeeting(accountID: me(request), day: day, place: body.place)
                return try .json(MeetingJSON(meeting, viewerToday: couples.today(of: me(request)),
                                             countdowns: try couples.countdowns(accountID: me(request), to: meeting)))
            },
            Route("GET", "/v1/couple/meetings", operation: OpenAPIOperation(
                summary: "Every meeting, newest first", tag: "couple",
                responses: [("200", S.jsonResponse("The meetings", S.ref("MeetingList")))]
            )) { request in
                let today = couples.today(of: me(request))
                let list = try couples.meetings(accountID: me(request))
                return try .json(["meetings": list.map { MeetingJSON($0, viewerToday: today, countdowns: [:]) }])
            },
            Route("GET", "/v1/couple/events", operation: OpenAPIOperation(
                summary: "The month view, repeats expanded (counts as checking the calendar today)", tag: "couple",
                parameters: [S.queryParameter("month", "YYYY-MM (default: this month)", ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"])],
                responses: [("200", S.jsonResponse("The occurrences", S.ref("EventList")))]
            )) { request in
                var month: YearMonth?
                if let text = request.query["month"] {
                    guard let parsed = YearMonth(text) else {
                        throw AppError.invalidInput("month must be YYYY-MM", code: "invalid_month")
                    }
                    month = parsed
                }
                let occurrences = try couples.calendar(accountID: me(request), month: month)
                return try .json(["events": occurrences.map { EventJSON($0, viewer: me(request), zone: zone(request)) }])
            },
            Route("POST", "/v1/couple/events", operation: OpenAPIOperation(
                summary: "Add an event to the shared calendar", tag: "couple",
                requestBody: S.jsonBody(S.ref("EventInput")), responses: [("201", S.jsonResponse("The event", S.ref("Event")))]
            )) { request in
                let draft = try request.decode(EventBody.self).draft()
                return try .json(EventJSON(try couples.addEvent(accountID: me(request), draft), viewer: me(request), zone: zone(request)),
                                 status: 201)
            },
            Route("PATCH", "/v1/couple/events/{id}", operation: OpenAPIOperation(
                summary: "Change an event", tag: "couple", parameters: [id],
                requestBody: S.jsonBody(S.ref("EventPatch")), responses: [("200", S.jsonResponse("The event", S.ref("Event")))]
            )) { request in
                let changes = try EventPatchBody.changes(from: request.body)
                let event = try couples.editEvent(accountID: me(request), id: request.pathParameters["id"] ?? "", changes)
                return try .json(EventJSON(event, viewer: me(request), zone: zone(request)))
            },
            Route("DELETE", "/v1/couple/events/{id}", operation: OpenAPIOperation(
                summary: "Delete an event", tag: "couple", parameters: [id], responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try couples.deleteEvent(accountID: me(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("POST", "/v1/couple/calendar/checked", operation: OpenAPIOperation(
                summary: "Record that you looked at the shared calendar today", tag: "couple",
                responses: [("200", S.jsonResponse("The check", S.ref("CalendarCheck")))]
            )) { request in
                let check = try couples.markCalendarChecked(accountID: me(request))
                return try .json(["date": check.day.description, "account_id": check.accountID])
            },
            Route("GET", "/v1/couple/care", operation: OpenAPIOperation(
                summary: "The care list: open items by due date, then the done ones", tag: "couple",
                responses: [("200", S.jsonResponse("The items", S.ref("CareList")))]
            )) { request in
                try .json(["care": try couples.careList(accountID: me(request)).map { CareJSON($0, viewer: me(request), zone: zone(request)) }])
            },
            Route("POST", "/v1/couple/care", operation: OpenAPIOperation(
                summary: "Add something to care about, for you or your partner", tag: "couple",
                requestBody: S.jsonBody(S.ref("CareInput")), responses: [("201", S.jsonResponse("The item", S.ref("Care")))]
            )) { request in
                let body = try request.decode(CareBody.self)
                guard let scope = EventScope(rawValue: body.whose ?? "me") else {
                    throw AppError.invalidInput("for must be me or partner", code: "invalid_for")
                }
                var due: LocalDate?
                if let text = body.due {
                    guard let day = LocalDate(text) else { throw AppError.invalidInput("due must be YYYY-MM-DD", code: "invalid_due") }
                    due = day
                }
                let item = try couples.addCare(accountID: me(request), text: body.text, for: scope, due: due)
                return try .json(CareJSON(item, viewer: me(request), zone: zone(request)), status: 201)
            },
            Route("POST", "/v1/couple/care/{id}/done", operation: OpenAPIOperation(
                summary: "Complete a care item (either of you)", tag: "couple", parameters: [id],
                responses: [("200", S.jsonResponse("The item", S.ref("Care")))]
            )) { request in
                let item = try couples.completeCare(accountID: me(request), id: request.pathParameters["id"] ?? "")
                return try .json(CareJSON(item, viewer: me(request), zone: zone(request)))
            },
            Route("DELETE", "/v1/couple/care/{id}", operation: OpenAPIOperation(
                summary: "Delete a care item", tag: "couple", parameters: [id], responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try couples.deleteCare(accountID: me(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("PUT", "/v1/couple/photos/today", maximumBodySize: CouplePhoto.maximumSize, accepts: photoTypes,
                  operation: OpenAPIOperation(
                summary: "Today's photo (JPEG, PNG, WebP or HEIC, at most 10 MiB; location metadata is removed)", tag: "couple",
                parameters: [S.queryParameter("caption", "A caption (at most 200 characters)")],
                requestBody: ["required": true, "content": .object(photoTypes.map { ($0, ["schema": ["type": "string", "format": "binary"]]) })],
                responses: [("200", S.jsonResponse("The photo", S.ref("Photo")))]
            )) { request in
                guard !request.body.isEmpty else {
                    throw AppError.invalidInput("the request needs the image as its body", code: "empty_image")
                }
                let photo = try couples.putPhoto(accountID: me(request), data: request.body, caption: request.query["caption"])
                return try .json(PhotoJSON(photo, zone: zone(request)))
            },
            Route("GET", "/v1/couple/photos", operation: OpenAPIOperation(
                summary: "Both photos of a date", tag: "couple", parameters: [dateQuery],
                responses: [("200", S.jsonResponse("The photos", S.ref("PhotoList")))]
            )) { request in
                let photos = try couples.photos(accountID: me(request), on: try date(request, "date"))
                return try .json(["photos": photos.map { PhotoJSON($0, zone: zone(request)) }])
            },
            Route("GET", "/v1/couple/photos/{id}", operation: OpenAPIOperation(
                summary: "A photo's bytes", tag: "couple", parameters: [id],
                responses: [("200", ["description": "The image", "content": .object(PhotoFormat.allCases.map {
                    ($0.mediaType, ["schema": ["type": "string", "format": "binary"]])
                })])]
            )) { request in
                let (photo, data) = try couples.photoData(accountID: me(request), id: request.pathParameters["id"] ?? "")
                return HTTPResponse(status: 200, headers: [
                    ("Content-Type", photo.format.mediaType), ("Cache-Control", "private, max-age=86400"),
                    ("X-Content-Type-Options", "nosniff"),
                ], body: data)
            },
            Route("GET", "/v1/couple/bridge", operation: OpenAPIOperation(
                summary: "The bridge of a date: points by part, the stage and the streak of completed bridges", tag: "couple",
                parameters: [dateQuery], responses: [("200", S.jsonResponse("The bridge", S.ref("Bridge")))]
            )) { request in
                try .json(BridgeJSON(try couples.bridge(accountID: me(request), on: try date(request, "date")), language: language(request)))
            },
        ]
    }

    /// `ko` when `Accept-Language` ranks Korean above English, English otherwise.
    static func language(_ request: HTTPRequest) -> Language {
        request.preferredLanguage(among: ["en", "ko"]).flatMap(Language.init) ?? .en
    }

    static func date(_ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text = request.query[name] else { return nil }
        guard let date = LocalDate(text) else { throw AppError.invalidInput("\(name) must be YYYY-MM-DD", code: "invalid_date") }
        return date
    }
}
