import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/gpx/stats`, `/v1/runs`, `/v1/hikes` and `/v1/places`: the same use cases as the
/// commands. GPX bodies (`application/gpx+xml`) may be up to `maximumGPXBytes`, the only
/// bodies allowed past the 1 MiB default.
public enum ActivityRoutes {
    public static let maximumGPXBytes = 64 << 20
    static let gpxTypes = ["application/gpx+xml", "application/xml", "text/xml"]

    public static func make(activities: ActivityUseCases) -> [Route] {
        typealias S = OpenAPISchema
        let gpxBody: JSONValue = ["required": true, "content": ["application/gpx+xml": ["schema": S.string]]]
        var routes = [
            Route("POST", "/v1/gpx/stats", maximumBodySize: maximumGPXBytes, accepts: gpxTypes, operation: OpenAPIOperation(
                summary: "Statistics of a GPX body (up to 64 MiB); nothing is stored", tag: "activities", requestBody: gpxBody,
                responses: [("200", S.jsonResponse("The statistics", S.ref("GPXStats")))]
            )) { request in
                let stats = try activities.statistics(.data(request.body, name: "body"))
                return try .json(GPXStatsJSON(stats, zone: activities.zone(ownerID: request.accountID ?? "")))
            },
        ]
        for kind in ActivityKind.allCases {
            routes += sessionRoutes(kind, activities: activities, gpxBody: gpxBody)
        }
        routes += placeRoutes(activities: activities)
        return routes
    }

    static func sessionRoutes(_ kind: ActivityKind, activities: ActivityUseCases, gpxBody: JSONValue) -> [Route] {
        typealias S = OpenAPISchema
        let base = "/v1/\(kind.rawValue)s"
        let id = S.pathParameter("id", "The \(kind.rawValue)'s id")
        let body: JSONValue = ["required": true, "content": [
            "application/gpx+xml": ["schema": S.string],
            "application/json": ["schema": S.ref("ManualActivity")],
        ]]
        return [
            Route("POST", base, maximumBodySize: maximumGPXBytes, accepts: gpxTypes + ["application/json"], operation: OpenAPIOperation(
                summary: "Import a \(kind.rawValue) from a GPX body, or add one by hand with JSON", tag: "activities",
                parameters: [S.queryParameter("force", "true to import a duplicate", S.enumeration(["true", "false"]))],
                requestBody: body, responses: [("201", S.jsonResponse("Saved", S.ref("Activity")))]
            )) { request in
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
            },
            Route("GET", base, operation: OpenAPIOperation(
                summary: "\(kind.rawValue.capitalized)s between two dates, with this week's and month's totals", tag: "activities",
                parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
                responses: [("200", S.jsonResponse("The list", S.ref("ActivityList")))]
            )) { request in
                let owner = request.accountID ?? ""
                let list = try activities.list(ownerID: owner, kind: kind, from: try date(request, "from"), through: try date(request, "to"))
                return try .json(ActivityListJSON(list, totals: try activities.totals(ownerID: owner, kind: kind),
                                                  zone: activities.zone(ownerID: owner)))
            },
            Route("GET", base + "/{id}", operation: OpenAPIOperation(
                summary: "One \(kind.rawValue) with its statistics", tag: "activities", parameters: [id],
                responses: [("200", S.jsonResponse("The \(kind.rawValue)", S.ref("Activity")))]
            )) { request in
                let owner = request.accountID ?? ""
                let activity = try activities.activity(ownerID: owner, id: request.pathParameters["id"] ?? "", kind: kind)
                return try .json(ActivityJSON(activity, zone: activities.zone(ownerID: owner), detailed: true))
            },
            Route("GET", base + "/{id}/gpx", operation: OpenAPIOperation(
                summary: "Export a \(kind.rawValue) as GPX 1.1", tag: "activities", parameters: [id],
                responses: [("200", ["description": "GPX 1.1", "content": ["application/gpx+xml": ["schema": S.string]]])]
            )) { request in
                let gpx = try activities.export(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "", kind: kind)
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/gpx+xml")], body: Data(gpx.utf8))
            },
            Route("DELETE", base + "/{id}", operation: OpenAPIOperation(
                summary: "Delete a \(kind.rawValue)", tag: "activities", parameters: [id],
                responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try activities.delete(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "", kind: kind)
                return .noContent()
            },
        ]
    }

    static func placeRoutes(activities: ActivityUseCases) -> [Route] {
        typealias S = OpenAPISchema
        let name = S.pathParameter("name", "The place's name")
        return [
            Route("GET", "/v1/places", operation: OpenAPIOperation(
                summary: "Saved places", tag: "activities", responses: [("200", S.jsonResponse("The places", S.ref("PlaceList")))]
            )) { request in
                try .json(["places": try activities.places(ownerID: request.accountID ?? "").map(PlaceJSON.init)])
            },
            Route("POST", "/v1/places", operation: OpenAPIOperation(
                summary: "Save a place (or move the one with the same name)", tag: "activities",
                requestBody: S.jsonBody(S.ref("NewPlace")), responses: [("201", S.jsonResponse("The place", S.ref("Place")))]
            )) { request in
                let body = try request.decode(PlaceBody.self)
                let place = try activities.addPlace(ownerID: request.accountID ?? "", name: body.name, latitude: body.lat,
                                                    longitude: body.lon, elevation: body.elevationM)
                return try .json(PlaceJSON(place), status: 201)
            },
            Route("DELETE", "/v1/places/{name}", operation: OpenAPIOperation(
                summary: "Remove a saved place", tag: "activities", parameters: [name], responses: [("204", S.emptyResponse("Removed"))]
            )) { request in
                try activities.removePlace(ownerID: request.accountID ?? "", name: request.pathParameters["name"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/places/{name}/eta", operation: OpenAPIOperation(
                summary: "Walking time to a place (an estimate without a road network)", tag: "activities",
                parameters: [name, ["name": "from", "in": "query", "required": true, "description": "LAT,LON or LAT,LON,ELE",
                                    "schema": S.string]],
                responses: [("200", S.jsonResponse("The estimate", S.ref("PlaceETA")))]
            )) { request in
                guard let text = request.query["from"], let origin = ActivityInput.coordinates(text) else {
                    throw AppError.invalidInput("'from' must be LAT,LON or LAT,LON,ELE", code: "invalid_from")
                }
                return try .json(ETAJSON(try activities.eta(ownerID: request.accountID ?? "", to: request.pathParameters["name"] ?? "",
                                                             from: origin)))
            },
        ]
    }

    static func date(_ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        guard let date = LocalDate(text) else {
            throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD (got '\(text)')", code: "invalid_\(name)")
        }
        return date
    }
}

struct ManualActivityBody: Decodable {
    let distanceM: Double
    let durationS: Double
    let startedAt: String?
    let name: String?

    enum CodingKeys: String, CodingKey {
        case distanceM = "distance_m", durationS = "duration_s", startedAt = "started_at", name
    }

    func entry(_ kind: ActivityKind) throws -> ActivityUseCases.ManualEntry {
        var start: Date?
        if let startedAt {
            guard let parsed = ISO8601.parseInstant(startedAt) else {
                throw AppError.invalidInput("field 'started_at' must be an ISO 8601 time with an offset", code: "invalid_field")
            }
            start = parsed
        }
        return .init(kind: kind, distance: distanceM, duration: durationS, startedAt: start, name: name)
    }
}

struct PlaceBody: Decodable {
    let name: String
    let lat: Double
    let lon: Double
    let elevationM: Double?

    enum CodingKeys: String, CodingKey { case name, lat, lon, elevationM = "elevation_m" }
}
