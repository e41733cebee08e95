import HTTP

/// The OpenAPI description of each insulin endpoint, named as its handler is.
enum InsulinOperations {
    typealias S = OpenAPISchema

    static let doseID = S.pathParameter("id", "The dose's id (a UUID)")

    static let settings = OpenAPIOperation(
        summary: "The insulin settings (created with defaults on first use)", tag: "insulin",
        responses: [("200", S.jsonResponse("The settings", S.ref("InsulinSettings")))])

    static let updateSettings = OpenAPIOperation(
        summary: "Change any of the insulin settings", tag: "insulin",
        requestBody: S.jsonBody(S.ref("InsulinSettingsUpdate")),
        responses: [("200", S.jsonResponse("The settings", S.ref("InsulinSettings")))])

    static let logDose = OpenAPIOperation(
        summary: "Log a dose; a retry with the same id and body returns the stored dose", tag: "insulin",
        requestBody: S.jsonBody(S.ref("NewDose")),
        responses: [("201", S.jsonResponse("Logged", S.ref("Dose"))),
                    ("200", S.jsonResponse("Already logged with this id and these values", S.ref("Dose")))])

    static let listDoses = OpenAPIOperation(
        summary: "Doses between two dates (inclusive) or instants", tag: "insulin",
        parameters: [S.queryParameter("from", "YYYY-MM-DD (whole day, your time zone) or an ISO 8601 instant"),
                     S.queryParameter("to", "YYYY-MM-DD (inclusive) or an ISO 8601 instant")],
        responses: [("200", S.jsonResponse("The doses, oldest first", S.ref("DoseList")))])

    static let showDose = OpenAPIOperation(
        summary: "One dose", tag: "insulin", parameters: [doseID],
        responses: [("200", S.jsonResponse("The dose", S.ref("Dose")))])

    static let editDose = OpenAPIOperation(
        summary: "Change a dose; the double-dose rules run again unless force", tag: "insulin", parameters: [doseID],
        requestBody: S.jsonBody(S.ref("DosePatch")),
        responses: [("200", S.jsonResponse("The changed dose", S.ref("Dose")))])

    static let deleteDose = OpenAPIOperation(
        summary: "Delete a dose", tag: "insulin", parameters: [doseID],
        responses: [("204", S.emptyResponse("Deleted"))])

    static let status = OpenAPIOperation(
        summary: "Today's status: long dose taken or due, last rapid dose", tag: "insulin",
        responses: [("200", S.jsonResponse("The status", S.ref("InsulinStatus")))])

    static let calendar = OpenAPIOperation(
        summary: "A month: adherence, average time, streaks, rapid doses by hour", tag: "insulin",
        parameters: [S.queryParameter("month", "YYYY-MM (default: the current month)",
                                      ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"])],
        responses: [("200", S.jsonResponse("The month", S.ref("InsulinMonth")))])
}
