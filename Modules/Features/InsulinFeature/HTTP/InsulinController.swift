import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/insulin/…`: the same use cases as `tend insulin`, for the account of the token.
struct InsulinController: Sendable {
    let insulin: InsulinUseCases
    let timeInRange: DailyTimeInRange?

    func routes() -> [Route] {
        typealias Doc = InsulinOperations
        return [
            Route("GET", "/v1/insulin/settings", operation: Doc.settings, handler: showSettings),
            Route("PUT", "/v1/insulin/settings", operation: Doc.updateSettings, handler: updateSettings),
            Route("POST", "/v1/insulin/doses", operation: Doc.logDose, handler: logDose),
            Route("GET", "/v1/insulin/doses", operation: Doc.listDoses, handler: listDoses),
            Route("GET", "/v1/insulin/doses/{id}", operation: Doc.showDose, handler: showDose),
            Route("PATCH", "/v1/insulin/doses/{id}", operation: Doc.editDose, handler: editDose),
            Route("DELETE", "/v1/insulin/doses/{id}", operation: Doc.deleteDose, handler: deleteDose),
            Route("GET", "/v1/insulin/status", operation: Doc.status, handler: status),
            Route("GET", "/v1/insulin/calendar", operation: Doc.calendar, handler: calendar),
        ]
    }

    // MARK: Settings

    func showSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(SettingsJSON(try settings(request)))
    }

    func updateSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        let changes = try request.decode(SettingsBody.self).changes()
        return try .json(SettingsJSON(try insulin.settings.update(ownerID: owner(request), changes)))
    }

    // MARK: Doses

    /// 201 for a new dose, 200 for a retry with the id of one already stored.
    func logDose(_ request: HTTPRequest) throws -> HTTPResponse {
        let result = try insulin.logDose(ownerID: owner(request), try request.decode(NewDoseBody.self).request())
        return try .json(DoseJSON(result.dose, settings: try result.settings ?? settings(request)), status: result.created ? 201 : 200)
    }

    func listDoses(_ request: HTTPRequest) throws -> HTTPResponse {
        let current = try settings(request)
        let lower = try Self.bound(request.query["from"], name: "from", zone: current.timeZone, isEnd: false)
        let upper = try Self.bound(request.query["to"], name: "to", zone: current.timeZone, isEnd: true)
        guard lower <= upper else {
            throw AppError.invalidInput("'to' is before 'from'", code: "invalid_range")
        }
        let doses = try insulin.listDoses(ownerID: owner(request), in: lower..<upper)
        return try .json(DoseListJSON(doses, settings: current))
    }

    func showDose(_ request: HTTPRequest) throws -> HTTPResponse {
        let dose = try insulin.listDoses.dose(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
        return try .json(DoseJSON(dose, settings: try settings(request)))
    }

    func editDose(_ request: HTTPRequest) throws -> HTTPResponse {
        let changes = try request.decode(DosePatchBody.self).changes
        let dose = try insulin.editDose(ownerID: owner(request), id: request.pathParameters["id"] ?? "", changes)
        return try .json(DoseJSON(dose, settings: try settings(request)))
    }

    func deleteDose(_ request: HTTPRequest) throws -> HTTPResponse {
        try insulin.deleteDose(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
        return .noContent()
    }

    // MARK: Status and the month

    func status(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(StatusJSON(try insulin.status(ownerID: owner(request))))
    }

    func calendar(_ request: HTTPRequest) throws -> HTTPResponse {
        var month: YearMonth?
        if let text = request.query["month"] {
            guard let parsed = PlausibleTime.month(text) else {
                throw AppError.invalidInput("'month' must be YYYY-MM \(PlausibleTime.span) (got '\(text)')", code: "invalid_month")
            }
            month = parsed
        }
        let report = try insulin.monthReport(ownerID: owner(request), month: month)
        return try .json(MonthReportJSON(report, timeInRange: try MonthReportJSON.timeInRange(of: report, ownerID: owner(request),
                                                                                              from: timeInRange, now: insulin.clock.now)))
    }

    // MARK: Reading a request

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }

    private func settings(_ request: HTTPRequest) throws -> InsulinSettings {
        try insulin.settings.current(ownerID: owner(request))
    }

    /// A `from`/`to` query value: a whole calendar day in the zone, or an instant.
    static func bound(_ text: String?, name: String, zone: TimeZone, isEnd: Bool) throws -> Date {
        guard let text, !text.isEmpty else {
            return Date(timeIntervalSince1970: isEnd ? 253_402_300_799 : -62_135_596_800)
        }
        if let day = PlausibleTime.day(text) {
            return zone.instant(of: isEnd ? day.adding(days: 1) : day, minutes: 0)
        }
        if let instant = PlausibleTime.instant(text) {
            return isEnd ? instant.addingTimeInterval(0.001) : instant
        }
        throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD or an ISO 8601 instant, \(PlausibleTime.span) (got '\(text)')",
                                    code: "invalid_\(name)")
    }
}
