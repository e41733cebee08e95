import FoundationEssentials
import Core
import Domain

/// One shared event's form: its fields as the add form's, filled with the event's own start in
/// the zone it was written in, and the delete button under it.
struct CoupleEventEditPage {
    let context: WebContext

    var words: WebWords { context.words }

    func render(_ event: CalendarEvent, month: YearMonth, error: String?, values: FormBody?) -> [Node] {
        let zone = TimeZone(stored: event.timeZone)
        let start = event.isAllDay ? event.startDay : event.startsAt.map { zone.localDate(of: $0) } ?? event.startDay
        let time = event.isAllDay ? nil : event.startsAt.map { zone.localTime(of: $0).description }
        let end = event.isAllDay && event.endDay > event.startDay ? event.endDay.description : nil
        let path = "/couple/calendar/events/\(PercentEncoding.encode(event.id))"
        return [
            el("p") { el("a", .href("/couple/calendar?month=\(month)")) { "← " + words.sharedCalendar } },
            el("h1") { words.editEvent },
            Notices.alert(error),
            el("form", Attribute("method", "post"), Attribute("action", path), .class("card")) {
                context.csrfField
                Tags.hidden("month", month.description)
                Tags.hidden("original_start", start.description)
                Tags.hidden("original_start_time", time ?? "")
                Tags.hidden("original_end", end ?? "")
                CoupleCalendarPage.fields(words, title: values?["title"] ?? event.title, start: values?.text("start") ?? start.description,
                                          startTime: values.map { $0.text("start_time") } ?? time, end: values.map { $0.text("end") } ?? end,
                                          scope: values?.text("for") ?? event.scope(for: context.account!.id).rawValue,
                                          repeats: values?.text("repeat") ?? event.recurrence?.rawValue ?? "none")
                el("button", .type("submit"), .class("wide")) { words.save }
            },
            el("form", Attribute("method", "post"), Attribute("action", path + "/delete"), .class("card")) {
                context.csrfField
                Tags.hidden("month", month.description)
                el("p", .class("hint")) { words.deleteEventHint }
                el("button", .type("submit"), .class("danger wide")) { words.deleteEvent }
            },
        ]
    }
}
