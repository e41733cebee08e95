import FoundationEssentials
import Core
import Domain
import HTTP

/// The couple space's endpoints, declared once: `CoupleRoutes` serves them and `tend couple`
/// calls them through `ServerClient.call`, so neither writes a path or a body of its own.
enum CoupleAPI {
    // Pairing
    static let createInvite = Endpoint("POST", "/v1/couple/invites", answer: .json(InviteJSON.self, status: 201))
    static let join = Endpoint("POST", "/v1/couple/join", body: .json(JoinBody.self), answer: .json(CoupleJSON.self))
    static let couple = Endpoint("GET", "/v1/couple", answer: .json(CoupleJSON.self))
    static let disconnect = Endpoint("DELETE", "/v1/couple", answer: .none)
    static let archive = Endpoint("GET", "/v1/couple/archive", answer: .json(ArchiveJSON.self))

    // The space
    static let home = Endpoint("GET", "/v1/couple/home", parameters: DateQuery.self, answer: .json(HomeJSON.self))
    static let setLocation = Endpoint("PUT", "/v1/me/location", body: .json(LocationBody.self), answer: .json(LocationJSON.self))
    static let setMood = Endpoint("PUT", "/v1/couple/mood", body: .json(MoodBody.self), answer: .json(MoodJSON.self))
    static let moods = Endpoint("GET", "/v1/couple/moods", parameters: DateRangeQuery.self, answer: .json(MoodList.self))
    static let setMeeting = Endpoint("PUT", "/v1/couple/meeting", body: .json(MeetingBody.self), answer: .json(MeetingJSON.self))
    static let meetings = Endpoint("GET", "/v1/couple/meetings", answer: .json(MeetingList.self))

    // The calendar and the care list
    static let events = Endpoint("GET", "/v1/couple/events", parameters: MonthQuery.self, answer: .json(EventList.self))
    static let addEvent = Endpoint("POST", "/v1/couple/events", body: .json(EventBody.self), answer: .json(EventJSON.self, status: 201))
    static let editEvent = Endpoint("PATCH", "/v1/couple/events/{id}", parameters: ItemID.self, body: .json(EventPatchBody.self),
                                    answer: .json(EventJSON.self))
    static let deleteEvent = Endpoint("DELETE", "/v1/couple/events/{id}", parameters: ItemID.self, answer: .none)
    static let checkCalendar = Endpoint("POST", "/v1/couple/calendar/checked", answer: .json(CalendarCheckJSON.self))
    static let careList = Endpoint("GET", "/v1/couple/care", answer: .json(CareList.self))
    static let addCare = Endpoint("POST", "/v1/couple/care", body: .json(CareBody.self), answer: .json(CareJSON.self, status: 201))
    static let completeCare = Endpoint("POST", "/v1/couple/care/{id}/done", parameters: ItemID.self, answer: .json(CareJSON.self))
    static let deleteCare = Endpoint("DELETE", "/v1/couple/care/{id}", parameters: ItemID.self, answer: .none)

    // Photos and the bridge
    /// The image's own bytes, up to 10 MiB (what they are is read from the bytes).
    static let putPhoto = Endpoint("PUT", "/v1/couple/photos/today", parameters: CaptionQuery.self,
                                   body: .bytes(accepting: CoupleRoutes.photoTypes, maximumSize: CouplePhoto.maximumSize),
                                   answer: .json(PhotoJSON.self))
    static let photos = Endpoint("GET", "/v1/couple/photos", parameters: DateQuery.self, answer: .json(PhotoList.self))
    static let photo = Endpoint("GET", "/v1/couple/photos/{id}", parameters: ItemID.self,
                                answer: .bytes(headers: [("Cache-Control", "private, max-age=86400"),
                                                         ("X-Content-Type-Options", "nosniff")]))
    static let bridge = Endpoint("GET", "/v1/couple/bridge", parameters: DateQuery.self, answer: .json(BridgeJSON.self))

    /// Every endpoint, as `METHOD /pattern`, in the order the routes are served.
    static let signatures = [
        createInvite.signature, join.signature, couple.signature, disconnect.signature, archive.signature, home.signature,
        setLocation.signature, setMood.signature, moods.signature, setMeeting.signature, meetings.signature, events.signature,
        addEvent.signature, editEvent.signature, deleteEvent.signature, checkCalendar.signature, careList.signature,
        addCare.signature, completeCare.signature, deleteCare.signature, putPhoto.signature, photos.signature, photo.signature,
        bridge.signature,
    ]
}

// MARK: - Query parameters

/// `?date=YYYY-MM-DD`: another day than the viewer's today.
struct DateQuery: EndpointParameters, Equatable {
    var date: LocalDate?

    init(_ date: LocalDate?) { self.date = date }

    init(path: [String: String], query: [String: String]) throws {
        date = try Self.date(query, "date")
    }

    var queryItems: [(name: String, value: String)] { date.map { [("date", $0.description)] } ?? [] }

    /// A `YYYY-MM-DD` query item; another form is a 400 that names it.
    static func date(_ query: [String: String], _ name: String) throws -> LocalDate? {
        guard let text = query[name] else { return nil }
        guard let date = PlausibleTime.day(text) else {
            throw AppError.invalidInput("\(name) must be YYYY-MM-DD \(PlausibleTime.span)", code: "invalid_date")
        }
        return date
    }
}

/// `?from=…&to=…` (inclusive), both optional.
struct DateRangeQuery: EndpointParameters, Equatable {
    var from: LocalDate?
    var to: LocalDate?

    init(from: LocalDate?, to: LocalDate?) {
        self.from = from
        self.to = to
    }

    init(path: [String: String], query: [String: String]) throws {
        from = try DateQuery.date(query, "from")
        to = try DateQuery.date(query, "to")
    }

    var queryItems: [(name: String, value: String)] {
        (from.map { [("from", $0.description)] } ?? []) + (to.map { [("to", $0.description)] } ?? [])
    }
}

/// `?month=YYYY-MM`: another month than this one.
struct MonthQuery: EndpointParameters, Equatable {
    var month: YearMonth?

    init(_ month: YearMonth?) { self.month = month }

    init(path: [String: String], query: [String: String]) throws {
        guard let text = query["month"] else { return }
        guard let month = PlausibleTime.month(text) else {
            throw AppError.invalidInput("month must be YYYY-MM \(PlausibleTime.span)", code: "invalid_month")
        }
        self.month = month
    }

    var queryItems: [(name: String, value: String)] { month.map { [("month", $0.description)] } ?? [] }
}

/// `?caption=…` of today's photo.
struct CaptionQuery: EndpointParameters, Equatable {
    var caption: String?

    init(_ caption: String?) { self.caption = caption }

    init(path: [String: String], query: [String: String]) { caption = query["caption"] }

    var queryItems: [(name: String, value: String)] { caption.map { [("caption", $0)] } ?? [] }
}
