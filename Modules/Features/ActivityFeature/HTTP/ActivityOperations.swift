import HTTP
import Domain

/// The OpenAPI description of each activity endpoint, named as its handler is. The run and
/// hike endpoints are the same for both kinds, their words naming the kind.
enum ActivityOperations {
    typealias S = OpenAPISchema

    static let gpxBody: JSONValue = ["required": true, "content": ["application/gpx+xml": ["schema": S.string]]]

    static let gpxStatistics = OpenAPIOperation(
        summary: "Statistics of a GPX body (up to 64 MiB); nothing is stored", tag: "activities", requestBody: gpxBody,
        responses: [("200", S.jsonResponse("The statistics", S.ref("GPXStats")))])

    // MARK: Runs and hikes

    static func sessionID(_ kind: ActivityKind) -> JSONValue { S.pathParameter("id", "The \(kind.rawValue)'s id") }

    static func save(_ kind: ActivityKind) -> OpenAPIOperation {
        let body: JSONValue = ["required": true, "content": [
            "application/gpx+xml": ["schema": S.string],
            "application/json": ["schema": S.ref("ManualActivity")],
        ]]
        return OpenAPIOperation(
            summary: "Import a \(kind.rawValue) from a GPX body, or add one by hand with JSON", tag: "activities",
            parameters: [S.queryParameter("force", "true to import a duplicate", S.enumeration(["true", "false"]))],
            requestBody: body, responses: [("201", S.jsonResponse("Saved", S.ref("Activity")))])
    }

    static func list(_ kind: ActivityKind) -> OpenAPIOperation {
        OpenAPIOperation(
            summary: "\(kind.rawValue.capitalized)s between two dates, with this week's and month's totals", tag: "activities",
            parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
            responses: [("200", S.jsonResponse("The list", S.ref("ActivityList")))])
    }

    static func show(_ kind: ActivityKind) -> OpenAPIOperation {
        OpenAPIOperation(
            summary: "One \(kind.rawValue) with its statistics", tag: "activities", parameters: [sessionID(kind)],
            responses: [("200", S.jsonResponse("The \(kind.rawValue)", S.ref("Activity")))])
    }

    static func export(_ kind: ActivityKind) -> OpenAPIOperation {
        OpenAPIOperation(
            summary: "Export a \(kind.rawValue) as GPX 1.1", tag: "activities", parameters: [sessionID(kind)],
            responses: [("200", ["description": "GPX 1.1", "content": ["application/gpx+xml": ["schema": S.string]]])])
    }

    static func delete(_ kind: ActivityKind) -> OpenAPIOperation {
        OpenAPIOperation(
            summary: "Delete a \(kind.rawValue)", tag: "activities", parameters: [sessionID(kind)],
            responses: [("204", S.emptyResponse("Deleted"))])
    }

    // MARK: Places

    static let placeName = S.pathParameter("name", "The place's name")

    static let listPlaces = OpenAPIOperation(
        summary: "Saved places", tag: "activities", responses: [("200", S.jsonResponse("The places", S.ref("PlaceList")))])

    static let addPlace = OpenAPIOperation(
        summary: "Save a place (or move the one with the same name)", tag: "activities",
        requestBody: S.jsonBody(S.ref("NewPlace")), responses: [("201", S.jsonResponse("The place", S.ref("Place")))])

    static let removePlace = OpenAPIOperation(
        summary: "Remove a saved place", tag: "activities", parameters: [placeName], responses: [("204", S.emptyResponse("Removed"))])

    static let eta = OpenAPIOperation(
        summary: "Walking time to a place (an estimate without a road network)", tag: "activities",
        parameters: [placeName, ["name": "from", "in": "query", "required": true, "description": "LAT,LON or LAT,LON,ELE",
                                 "schema": S.string]],
        responses: [("200", S.jsonResponse("The estimate", S.ref("PlaceETA")))])
}
