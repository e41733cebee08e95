import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/insulin/…`: the same use cases as `tend insulin`, for the account of the token.
public enum InsulinRoutes {
    public static func make(insulin: InsulinUseCases) -> [Route] {
        typealias S = OpenAPISchema
        let doseID = S.pathParameter("id", "The dose's id (a UUID)")
        @Sendable func settings(_ request: HTTPRequest) throws -> InsulinSettings {
            try insulin.settings.current(ownerID: request.accountID ?? "")
        }
        return [
            Route("GET", "/v1/insulin/settings", operation: OpenAPIOperation(
                summary: "The insulin settings (created with defaults on first use)", tag: "insulin",
                responses: [("200", S.jsonResponse("The settings", S.ref("InsulinSettings")))]
            )) { request in
                try .json(SettingsJSON(try settings(request)))
            },
            Route("PUT", "/v1/insulin/settings", operation: OpenAPIOperation(
                summary: "Change any of the insulin settings", tag: "insulin",
                requestBody: S.jsonBody(S.ref("InsulinSettingsUpdate")),
                responses: [("200", S.jsonResponse("The settings", S.ref("InsulinSettings")))]
            )) { request in
                let changes = try request.decode(SettingsBody.self).changes()
                return try .json(SettingsJSON(try insulin.settings.update(ownerID: request.accountID ?? "", changes)))
            },
            Route("POST", "/v1/insulin/doses", operation: OpenAPIOperation(
                summary: "Log a dose; a retry with the same id returns the stored dose", tag: "insulin",
                requestBody: S.jsonBody(S.ref("NewDose")),
                responses: [("201", S.jsonResponse("Logged", S.ref("Dose"))),
                            ("200", S.jsonResponse("Already logged with this id", S.ref("Dose")))]
            )) { request in
                let owner = request.accountID ?? ""
                let result = try insulin.logDose(ownerID: owner, try request.decode(NewDoseBody.self).request())
                return try .json(DoseJSON(result.dose, settings: try settings(request)), status: result.created ? 201 : 200)
            },
            Route("GET", "/v1/insulin/doses", operation: OpenAPIOperation(
                summary: "Doses between two dates (inclusive) or instants", tag: "insulin",
                parameters: [S.queryParameter("from", "YYYY-MM-DD (whole day, your time zone) or an ISO 8601 instant"),
                             S.queryParameter("to", "YYYY-MM-DD (inclusive) or an ISO 8601 instant")],
                responses: [("200", S.jsonResponse("The doses, oldest first", S.ref("DoseList")))]
            )) { request in
                let current = try settings(request)
                let lower = try bound(request.query["from"], name: "from", zone: current.timeZone, isEnd: false)
                let upper = try bound(request.query["to"], name: "to", zone: current.timeZone, isEnd: true)
                guard lower <= upper else {
                    throw AppError.invalidInput("'to' is before 'from'", code: "invalid_range")
                }
                let doses = try insulin.listDoses(ownerID: request.accountID ?? "", in: lower..<upper)
                return try .json(DoseListJSON(doses, settings: current))
            },
            Route("GET", "/v1/insulin/doses/{id}", operation: OpenAPIOperation(
                summary: "One dose", tag: "insulin", parameters: [doseID],
                responses: [("200", S.jsonResponse("The dose", S.ref("Dose")))]
            )) { request in
                let dose = try insulin.listDoses.dose(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "")
                return try .json(DoseJSON(dose, settings: try settings(request)))
            },
            Route("PATCH", "/v1/insulin/doses/{id}", operation: OpenAPIOperation(
                summary: "Change a dose; the double-dose rules run again unless force", tag: "insulin", parameters: [doseID],
                requestBody: S.jsonBody(S.ref("DosePatch")),
                responses: [("200", S.jsonResponse("The changed dose", S.ref("Dose")))]
            )) { request in
                let changes = try request.decode(DosePatchBody.self).changes
                let dose = try insulin.editDose(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "", changes)
                return try .json(DoseJSON(dose, settings: try settings(request)))
            },
            Route("DELETE", "/v1/insulin/doses/{id}", operation: OpenAPIOperation(
                summary: "Delete a dose", tag: "insulin", parameters: [doseID],
                responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try insulin.deleteDose(ownerID: request.accountID ?? "", id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/insulin/status", operation: OpenAPIOperation(
                summary: "Today's status: long dose taken or due, last rapid dose", tag: "insulin",
                responses: [("200", S.jsonResponse("The status", S.ref("InsulinStatus")))]
            )) { request in
                try .json(StatusJSON(try insulin.status(ownerID: request.accountID ?? "")))
            },
            Route("GET", "/v1/insulin/calendar", operation: OpenAPIOperation(
                summary: "A month: adherence, average time, streaks, rapid doses by hour", tag: "insulin",
                parameters: [S.queryParameter("month", "YYYY-MM (default: the current month)",
                                              ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"])],
                responses: [("200", S.jsonResponse("The month", S.ref("InsulinMonth")))]
            )) { request in
                var month: YearMonth?
                if let text = request.query["month"] {
                    guard let parsed = YearMonth(text) else {
                        throw AppError.invalidInput("'month' must be YYYY-MM (got '\(text)')", code: "invalid_month")
                    }
                    month = parsed
                }
                return try .json(MonthReportJSON(try insulin.monthReport(ownerID: request.accountID ?? "", month: month)))
            },
        ]
    }

    /// The earlier dose of a refused duplicate, for the 409 body.
    public static func errorDetails(_ error: AppError, insulin: InsulinUseCases, ownerID: String?) -> [String: JSONValue] {
        guard error.code == "duplicate_dose", let dose = error.details as? Dose,
              let settings = try? insulin.settings.current(ownerID: ownerID ?? dose.ownerID),
              let json = try? JSONValue.encoded(DoseJSON(dose, settings: settings)) else { return [:] }
        return ["dose": json]
    }

    /// A `from`/`to` query value: a whole calendar day in the zone, or an instant.
    static func bound(_ text: String?, name: String, zone: TimeZone, isEnd: Bool) throws -> Date {
        guard let text, !text.isEmpty else {
            return Date(timeIntervalSince1970: isEnd ? 253_402_300_799 : -62_135_596_800)
        }
        if let day = LocalDate(text) {
            return zone.instant(of: isEnd ? day.adding(days: 1) : day, minutes: 0)
        }
        if let instant = ISO8601.parseInstant(text) {
            return isEnd ? instant.addingTimeInterval(0.001) : instant
        }
        throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD or an ISO 8601 instant (got '\(text)')", code: "invalid_\(name)")
    }
}
