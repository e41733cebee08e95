import FoundationEssentials
import Core
import Domain
import HTTP

/// `/couple/calendar/events/{id}/edit`: one event's form, filled with what it holds, saved
/// through `editEvent` (`tend couple cal edit`, `PATCH /v1/couple/events/{id}`); either member may.
/// An event of another couple is not found, as one that does not exist.
extension CoupleCalendarController {
    func editRoutes() -> [Route] {
        [
            routes.get("/couple/calendar/events/{id}/edit") { context in
                try editPage(context)
            },
            routes.post("/couple/calendar/events/{id}") { context, form in
                let id = context.request.pathParameters["id"] ?? ""
                let event: CalendarEvent
                do {
                    event = try couples.editEvent(accountID: context.account!.id, id: id, try Self.changes(form))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try editPage(context, error: message(error, context.language), values: form, status: 400)
                }
                return WebResponses.redirect("/couple/calendar?month=\(event.startDay.yearMonth)&done=edited", context: context)
            },
        ]
    }

    /// The whole form as changes. The start and end go along only when they differ from what the
    /// form was shown with (its `original_*` fields): an event only renamed by the partner keeps
    /// its times anchored in the zone they were written in, as `editEvent` does for the API.
    static func changes(_ form: FormBody) throws -> CoupleUseCases.EventChanges {
        let draft = try draft(form)
        let moved = form.text("start") != form.text("original_start") || form.text("start_time") != form.text("original_start_time")
            || form.text("end") != form.text("original_end")
        return CoupleUseCases.EventChanges(title: draft.title, start: moved ? draft.start : nil, end: moved ? .some(draft.end) : nil,
                                           isAllDay: draft.isAllDay, recurrence: .some(draft.recurrence), scope: draft.scope)
    }

    /// The event among the month's (the month it was opened from, in `month`): the calendar is
    /// the one reading of events the use cases offer, and it keeps to the viewer's couple.
    func editPage(_ context: WebContext, error: String? = nil, values: FormBody? = nil, status: Int = 200) throws -> HTTPResponse {
        let viewer = context.account!.id
        let id = context.request.pathParameters["id"] ?? ""
        let month = (values?.text("month") ?? context.request.query["month"]).flatMap(PlausibleTime.month) ?? couples.today(of: viewer).yearMonth
        let occurrences: [EventOccurrence]
        do {
            occurrences = try couples.calendar(accountID: viewer, month: month)
        } catch let error as AppError where error.code == "not_paired" {
            throw AppError.notFound("no event \(id)", code: "event_not_found")
        }
        guard let event = occurrences.first(where: { $0.event.id == id })?.event else {
            throw AppError.notFound("no event \(id)", code: "event_not_found")
        }
        let html = layout.document(context, title: context.words.editEvent, tab: .couple) {
            CoupleEventEditPage(context: context).render(event, month: month, error: error, values: values)
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
