import FoundationEssentials
import Core
import Domain
import HTTP

/// `/couple/calendar`: the shared calendar's month (repeats expanded, on the viewer's own
/// dates), adding an event and deleting one — `tend couple cal` and `/v1/couple/events`.
struct CoupleCalendarController: Sendable {
    let couples: CoupleUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/couple/calendar") { context in
                let done = context.request.query["done"]
                return try page(context, notice: done == "added" ? context.words.eventAdded : done == "edited" ? context.words.eventSaved
                                : done == "deleted" ? context.words.deleted : nil)
            },
            routes.post("/couple/calendar/events") { context, form in
                let event: CalendarEvent
                do {
                    event = try couples.addEvent(accountID: context.account!.id, try Self.draft(form))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), values: form, status: 400)
                }
                return WebResponses.redirect("/couple/calendar?month=\(event.startDay.yearMonth)&done=added", context: context)
            },
            routes.post("/couple/calendar/events/{id}/delete") { context, form in
                try couples.deleteEvent(accountID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                let month = form.text("month").flatMap(PlausibleTime.month) ?? couples.today(of: context.account!.id).yearMonth
                return WebResponses.redirect("/couple/calendar?month=\(month)&done=deleted", context: context)
            },
        ] + editRoutes()
    }

    /// The form's fields as the API's event: `title`, `start` (a date), `start_time` (empty: an
    /// all-day event), `end` (the last day of an all-day event), `repeat`, `for`.
    static func draft(_ form: FormBody) throws -> CoupleUseCases.EventDraft {
        let date = form.text("start") ?? ""
        let time = form.text("start_time")
        if let time, LocalTime(time) == nil {
            throw AppError.invalidInput("start_time must be HH:MM (got '\(time)')", code: "invalid_start")
        }
        let recurrence: EventRecurrence?
        if let text = form.text("repeat"), text != "none" {
            guard let value = EventRecurrence(rawValue: text) else {
                throw AppError.invalidInput("repeat must be yearly, monthly or weekly", code: "invalid_repeat")
            }
            recurrence = value
        } else {
            recurrence = nil
        }
        guard let scope = EventScope(rawValue: form.text("for") ?? "us") else {
            throw AppError.invalidInput("for must be me, partner or us", code: "invalid_for")
        }
        return CoupleUseCases.EventDraft(title: form["title"] ?? "", start: time.map { "\(date)T\($0)" } ?? date,
                                         end: time == nil ? form.text("end") : nil, isAllDay: time == nil,
                                         recurrence: recurrence, scope: scope)
    }

    func page(_ context: WebContext, notice: String? = nil, error: String? = nil, values: FormBody? = nil,
              status: Int = 200) throws -> HTTPResponse {
        let id = context.account!.id
        let month = try InsulinCalendarPage.month(context, default: couples.today(of: id).yearMonth)
        let occurrences: [EventOccurrence]
        do {
            occurrences = try couples.calendar(accountID: id, month: month)
        } catch let error as AppError where error.code == "not_paired" {
            return WebResponses.redirect("/couple", context: context)
        }
        let html = layout.document(context, title: context.words.sharedCalendar, tab: .couple) {
            CoupleCalendarPage(context: context, zone: couples.zone(of: id), today: couples.today(of: id))
                .render(month: month, occurrences: occurrences, notice: notice, error: error, values: values)
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
