import FoundationEssentials
import Core
import Domain
import HTTP

/// `/insulin…`: the log with its widget, the month's doses with edit and delete, the calendar.
/// Each calls the use cases `tend insulin` and `/v1/insulin` call.
struct InsulinController: Sendable {
    let services: WebServices
    let routes: WebRouteMaker
    let layout: Layout

    var insulin: InsulinUseCases { services.insulin }

    func make() -> [Route] {
        [
            routes.get("/insulin") { context in home(context) },
            routes.post("/insulin/doses", log),
            routes.get("/insulin/doses") { context in try DoseListPage(services: services, layout: layout).render(context) },
            routes.get("/insulin/doses/{id}") { context in try editPage(context) },
            routes.post("/insulin/doses/{id}", edit),
            routes.post("/insulin/doses/{id}/delete") { context, _ in
                let dose = try insulin.deleteDose(ownerID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                let month = insulin.clockMonth(of: dose, settings: try insulin.settings.current(ownerID: context.account!.id))
                return WebResponses.redirect("/insulin/doses?month=\(month)&deleted=1", context: context)
            },
            routes.get("/insulin/calendar") { context in try InsulinCalendarPage(services: services, layout: layout).render(context) },
        ]
    }

    /// The home of the log; `notice` says what the last post did, `refusal` replaces the widget
    /// with the guard's question.
    func home(_ context: WebContext, notice: Node? = nil, refusal: Node? = nil, status code: Int = 200) -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let html = layout.document(context, title: words.insulin, tab: .insulin) {
            el("h1") { words.insulin }
            if let notice { notice }
            if let logged = context.request.query["logged"], let dose = try? insulin.listDoses.dose(ownerID: owner, id: logged),
               let settings = try? insulin.settings.current(ownerID: owner) {
                el("p", .class("notice"), Attribute("role", "status"), Attribute("data-focus", nil)) {
                    words.logged(words.name(dose.kind, settings), units: dose.units, at: settings.timeZone.localTime(of: dose.takenAt))
                }
            }
            if let refusal { refusal }
            if let status = try? insulin.status(ownerID: owner) {
                if refusal == nil { InsulinPages.widget(context, settings: status.settings) }
                InsulinPages.statusCard(status, words: words)
                recent(owner: owner, settings: status.settings, words: words)
            }
        }
        return WebResponses.page(html, context: context, status: code)
    }

    private func recent(owner: String, settings: InsulinSettings, words: WebWords) -> Node {
        let today = settings.insulinDays.day(of: insulin.clock.now)
        let doses = ((try? insulin.listDoses(ownerID: owner, from: today.adding(days: -2), through: today)) ?? []).reversed().prefix(8)
        return el("section", .class("card"), Attribute("aria-labelledby", "recent-title")) {
            el("h2", .id("recent-title")) { words.recent }
            if doses.isEmpty { el("p", .class("muted")) { words.noDoses } }
            el("ul", .class("plain")) {
                for dose in doses { InsulinPages.doseRow(dose, settings: settings, words: words, showDate: true) }
            }
            el("a", .class("more"), .href("/insulin/doses")) { words.allDoses }
        }
    }

    /// One tap: the kind from the pressed button, the default units and now unless changed.
    func log(_ context: WebContext, _ form: FormBody) throws -> HTTPResponse {
        let owner = context.account!.id
        let settings = try insulin.settings.current(ownerID: owner)
        let words = context.words
        do {
            guard let kind = form["kind"].flatMap(InsulinKind.init(rawValue:)) else {
                throw AppError.invalidInput("kind must be long or rapid", code: "invalid_kind")
            }
            let request = LogDose.Request(kind: kind, units: try Self.units(form), takenAt: try time(form, settings: settings),
                                          note: form.text("note"), force: form["force"] == "true")
            let result = try insulin.logDose(ownerID: owner, request)
            return WebResponses.redirect("/insulin?logged=\(result.dose.id)", context: context)
        } catch let error as AppError where error.code == "duplicate_dose" {
            guard let other = error.details as? Dose, let kind = form["kind"].flatMap(InsulinKind.init(rawValue:)) else { throw error }
            let today = settings.insulinDays.day(of: insulin.clock.now)
            let carried = ["units", "taken_at", "note"].compactMap { name in form.text(name).map { (name, $0) } }
            let refusal = InsulinPages.refusal(context, kind: kind, other: other, settings: settings, today: today,
                                               action: "/insulin/doses", carried: carried, anyway: words.logAnyway)
            return home(context, refusal: refusal, status: 409)
        } catch let error as AppError where error.kind == .invalidInput {
            return home(context, notice: errorNotice(context, error), status: 400)
        }
    }

    func editPage(_ context: WebContext, error: Node? = nil, refusal: Node? = nil, status code: Int = 200) throws -> HTTPResponse {
        let owner = context.account!.id
        let dose = try insulin.listDoses.dose(ownerID: owner, id: context.request.pathParameters["id"] ?? "")
        let settings = try insulin.settings.current(ownerID: owner)
        let html = layout.document(context, title: context.words.editDose, tab: .insulin) {
            DoseEditForm.render(context, dose: dose, settings: settings, error: error, refusal: refusal)
        }
        return WebResponses.page(html, context: context, status: code)
    }

    func edit(_ context: WebContext, _ form: FormBody) throws -> HTTPResponse {
        let owner = context.account!.id
        let id = context.request.pathParameters["id"] ?? ""
        let settings = try insulin.settings.current(ownerID: owner)
        do {
            // An emptied note field removes the note (`.some(nil)`); a missing field leaves it.
            let note: String?? = form["note"].map { text -> String? in text.trimmed.isEmpty ? nil : text.trimmed }
            let changes = EditDose.Changes(kind: form["kind"].flatMap(InsulinKind.init(rawValue:)), units: try Self.units(form),
                                           takenAt: try time(form, settings: settings), note: note, force: form["force"] == "true")
            let dose = try insulin.editDose(ownerID: owner, id: id, changes)
            return WebResponses.redirect("/insulin/doses?month=\(insulin.clockMonth(of: dose, settings: settings))&saved=1", context: context)
        } catch let error as AppError where error.code == "duplicate_dose" {
            guard let other = error.details as? Dose else { throw error }
            let kind = form["kind"].flatMap(InsulinKind.init(rawValue:)) ?? other.kind
            let carried = ["units", "taken_at", "note"].compactMap { name in form[name].map { (name, $0) } }
            let refusal = InsulinPages.refusal(context, kind: kind, other: other, settings: settings,
                                               today: settings.insulinDays.day(of: insulin.clock.now),
                                               action: "/insulin/doses/\(id)", carried: carried, anyway: context.words.saveAnyway)
            return try editPage(context, refusal: refusal, status: 409)
        } catch let error as AppError where error.kind == .invalidInput {
            return try editPage(context, error: errorNotice(context, error), status: 400)
        }
    }

    private func errorNotice(_ context: WebContext, _ error: AppError) -> Node {
        el("p", .class("notice error"), Attribute("role", "alert"), Attribute("data-focus", nil)) { services.message(error, context.language) }
    }

    /// `units` as typed (`4.5`, or `4,5` from a Korean or German keyboard); nil when blank.
    static func units(_ form: FormBody) throws -> Double? {
        guard let text = form.text("units") else { return nil }
        guard let value = Double(text.replacing(",", with: ".")) else {
            throw AppError.invalidInput("units must be a number (got '\(text)')", code: "invalid_units").with(["units": text])
        }
        return value
    }

    /// `taken_at` as a time field sends it (`22:14`, the most recent such time), a local
    /// `YYYY-MM-DDTHH:MM`, or an ISO 8601 instant; nil when blank (now).
    func time(_ form: FormBody, settings: InsulinSettings) throws -> Date? {
        guard let text = form.text("taken_at") else { return nil }
        guard let date = TimeInput.parse(text, now: insulin.clock.now, timeZone: settings.timeZone) else {
            throw AppError.invalidInput("taken_at must be \(TimeInput.expected) (got '\(text)')", code: "invalid_time")
        }
        return date
    }
}

extension InsulinUseCases {
    /// The month (`YYYY-MM`) of a dose's insulin day, to go back to its list.
    func clockMonth(of dose: Dose, settings: InsulinSettings) -> String {
        settings.insulinDays.day(of: dose.takenAt).yearMonth.description
    }
}
