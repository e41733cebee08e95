import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/gpx/stats`, `/v1/runs`, `/v1/hikes` and `/v1/places`: the same use cases as the
/// commands, for the account of the token. GPX bodies (`application/gpx+xml`) may be up to
/// `ActivityRoutes.maximumGPXBytes`, the only bodies allowed past the 1 MiB default.
struct ActivityController: Sendable {
    let activities: ActivityUseCases

    static let gpxTypes = ["application/gpx+xml", "application/xml", "text/xml"]

    func routes() -> [Route] {
        let limit = ActivityRoutes.maximumGPXBytes
        return [
            Route("POST", "/v1/gpx/stats", maximumBodySize: limit, accepts: Self.gpxTypes, operation: ActivityOperations.gpxStatistics,
                  handler: gpxStatistics),
        ] + ActivityKind.allCases.flatMap { SessionController(kind: $0, activities: activities).routes() }
            + PlaceController(activities: activities).routes()
    }

    func gpxStatistics(_ request: HTTPRequest) throws -> HTTPResponse {
        let stats = try activities.statistics(.data(request.body, name: "body"))
        return try .json(GPXStatsJSON(stats, zone: activities.zone(ownerID: request.accountID ?? "")))
    }
}

/// `/v1/runs` or `/v1/hikes`: the same endpoints for either kind.
struct SessionController: Sendable {
    let kind: ActivityKind
    let activities: ActivityUseCases

    func routes() -> [Route] {
        typealias Doc = ActivityOperations
        let base = "/v1/\(kind.rawValue)s"
        let saveTypes = ActivityController.gpxTypes + ["application/json"]
        return [
            Route("POST", base, maximumBodySize: ActivityRoutes.maximumGPXBytes, accepts: saveTypes, operation: Doc.save(kind),
                  handler: save),
            Route("GET", base, operation: Doc.list(kind), handler: list),
            Route("GET", base + "/{id}", operation: Doc.show(kind), handler: show),
            Route("GET", base + "/{id}/gpx", operation: Doc.export(kind), handler: export),
            Route("DELETE", base + "/{id}", operation: Doc.delete(kind), handler: delete),
        ]
    }

    /// A GPX body is imported; a JSON one is an activity entered by hand.
    func save(_ request: HTTPRequest) throws -> HTTPResponse {
        let owner = request.accountID ?? ""
        let activity: Activity
        if (request.header("content-type") ?? "").lowercased().hasPrefix("application/json") {
            let entry = try request.decode(ManualActivityBody.self)
            activity = try activities.add(ownerID: owner, try entry.entry(kind))
        } else {
            activity = try activities.importGPX(ownerID: owner, kind: kind, .data(request.body, name: "body"),
                                                force: request.query["force"] == "true")
        }
        return try .json(ActivityJSON(activity, zone: activities.zone(ownerID: owner)), status: 201)
    }

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let owner = request.accountID ?? ""
        let from = try Self.date(request, "from"), to = try Self.date(request, "to")
        let list = try activities.list(ownerID: owner, kind: kind, from: from, through: to)
        return try .json(ActivityListJSON(list, totals: try activities.totals(ownerID: owner, kind: kind),
                                          zone: activities.zone(ownerID: owner)))
    }

    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let owner = request.accountID ?? ""
        let activity = try activities.activity(ownerID: owner, id: request.pathParameters["id"] ?? "", kind: kind)
        return try .json(ActivityJSON(activity, zone: activities.zone(ownerID: owner), detailed: true))
    }

    func export(_ request: HTTPRequest) throws -> HTTPResponse {
        let gpx = try activities.export(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "", kind: kind)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/gpx+xml")], body: Data(gpx.utf8))
    }

    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        try activities.delete(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "", kind: kind)
        return .noContent()
    }

    static func date(_ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        guard let date = PlausibleTime.day(text) else {
            throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD \(PlausibleTime.span) (got '\(text)')", code: "invalid_\(name)")
        }
        return date
    }
}

/// `/v1/places`: saved places and walking times to them.
struct PlaceController: Sendable {
    let activities: ActivityUseCases

    func routes() -> [Route] {
        typealias Doc = ActivityOperations
        return [
            Route("GET", "/v1/places", operation: Doc.listPlaces, handler: list),
            Route("POST", "/v1/places", operation: Doc.addPlace, handler: add),
            Route("DELETE", "/v1/places/{name}", operation: Doc.removePlace, handler: remove),
            Route("GET", "/v1/places/{name}/eta", operation: Doc.eta, handler: eta),
        ]
    }

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(["places": try activities.places(ownerID: request.accountID ?? "").map(PlaceJSON.init)])
    }

    func add(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(PlaceBody.self)
        let place = try activities.addPlace(ownerID: request.accountID ?? "", name: body.name, latitude: body.lat,
                                            longitude: body.lon, elevation: body.elevationM)
        return try .json(PlaceJSON(place), status: 201)
    }

    func remove(_ request: HTTPRequest) throws -> HTTPResponse {
        try activities.removePlace(ownerID: request.accountID ?? "", name: request.pathParameters["name"] ?? "")
        return .noContent()
    }

    func eta(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.query["from"], let origin = ActivityInput.coordinates(text) else {
            throw AppError.invalidInput("'from' must be LAT,LON or LAT,LON,ELE", code: "invalid_from")
        }
        let eta = try activities.eta(ownerID: request.accountID ?? "", to: request.pathParameters["name"] ?? "", from: origin)
        return try .json(ETAJSON(eta))
    }
}
