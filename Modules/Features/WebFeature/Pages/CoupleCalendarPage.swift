import FoundationEssentials
import Core
import Domain

/// The shared calendar's month as a list of days (a phone reads a list better than a grid of
/// titles), each event with its time or "all day", whose it is and how it repeats; and the form
/// that adds one.
struct CoupleCalendarPage {
    let context: WebContext
    let zone: TimeZone
    let today: LocalDate

    var words: WebWords { context.words }

    func render(month: YearMonth, occurrences: [EventOccurrence], notice: String?, error: String?, values: FormBody?) -> [Node] {
        let viewer = context.account!.id
        // Timed events are placed on the viewer's own dates, as `calendar(accountID:month:)` filters them.
        let placed = occurrences.map { occurrence -> (LocalDate, EventOccurrence) in
            (occurrence.startsAt.map { zone.localDate(of: $0) } ?? occurrence.startDay, occurrence)
        }
        let days = Dictionary(grouping: placed, by: \.0).sorted { $0.key < $1.key }
        return [
            el("h1") { words.sharedCalendar },
            CoupleSpacePages.sections(context, current: .calendar),
            Notices.status(notice),
            Notices.alert(error),
            InsulinCalendarPage.monthNavigation(words, month: month, path: "/couple/calendar"),
            el("section", .class("card"), Attribute("aria-labelledby", "month-title")) {
                el("h2", .id("month-title")) { words.month(month) }
                if days.isEmpty { el("p", .class("muted")) { words.noEvents } }
                for (day, entries) in days {
                    el("h3", .class(day == today ? "day today" : "day")) { words.date(day) }
                    el("ul", .class("plain events")) {
                        for (_, occurrence) in entries { row(occurrence, viewer: viewer, month: month) }
                    }
                }
            },
            addForm(values: values, month: month, open: error != nil),
        ]
    }

    private func row(_ occurrence: EventOccurrence, viewer: String, month: YearMonth) -> Node {
        let event = occurrence.event
        let when: String
        if let start = occurrence.startsAt {
            when = zone.localTime(of: start).description + (occurrence.endsAt.map { "–\(zone.localTime(of: $0))" } ?? "")
        } else if occurrence.endDay > occurrence.startDay {
            when = "\(words.allDay) · → \(words.date(occurrence.endDay))"
        } else {
            when = words.allDay
        }
        let scope = event.scope(for: viewer)
        return el("li", .class("event scope-\(scope.rawValue)")) {
            el("div") {
                el("strong") { event.title }
                el("br")
                el("span", .class("muted small")) {
                    [when, words.scopeName(scope), event.recurrence.map { words.repeatName($0) }].compactMap { $0 }.joined(separator: " · ")
                }
            }
            el("a", .class("button secondary"), .href("/couple/calendar/events/\(PercentEncoding.encode(event.id))/edit?month=\(month)"),
               .aria(label: "\(words.edit): \(event.title)")) { words.edit }
            el("form", Attribute("method", "post"), Attribute("action", "/couple/calendar/events/\(PercentEncoding.encode(event.id))/delete")) {
                context.csrfField
                Tags.hidden("month", month.description)
                el("button", .type("submit"), .class("danger"), .aria(label: "\(words.delete): \(event.title)")) { words.delete }
            }
        }
    }

    /// An event's fields, named as the API's (`title`, `start`, `start_time`, `end`, `for`,
    /// `repeat`): the add form's and the edit page's.
    static func fields(_ words: WebWords, title: String?, start: String, startTime: String?, end: String?, scope: String,
                       repeats: String) -> [Node] {
        [
            Tags.field(words.eventTitle, name: "title", value: title,
                       extra: [.required, Attribute("maxlength", "\(CoupleUseCases.maximumTitleLength)")]),
            el("div", .class("row")) {
                Tags.field(words.eventDate, name: "start", type: "date", value: start, extra: [.required])
                Tags.field(words.eventTime, name: "start_time", type: "time", value: startTime)
            },
            Tags.field(words.eventEnd, name: "end", type: "date", value: end),
            Tags.select(words.whose, name: "for", options: EventScope.allCases.reversed().map { ($0.rawValue, words.scopeName($0)) },
                        selected: scope),
            Tags.select(words.repeats, name: "repeat",
                        options: [("none", words.repeatName(nil))] + EventRecurrence.allCases.map { ($0.rawValue, words.repeatName($0)) },
                        selected: repeats),
        ]
    }

    private func addForm(values: FormBody?, month: YearMonth, open: Bool) -> Node {
        let start = values?.text("start") ?? (month == today.yearMonth ? today : month.firstDay).description
        return el("details", attributes: [.class("card form-card"), open ? Attribute("open", nil) : nil]) {
            el("summary") { words.addEvent }
            el("form", Attribute("method", "post"), Attribute("action", "/couple/calendar/events")) {
                context.csrfField
                Self.fields(words, title: values?["title"], start: start, startTime: values?.text("start_time"), end: values?.text("end"),
                            scope: values?.text("for") ?? "us", repeats: values?.text("repeat") ?? "none")
                el("button", .type("submit"), .class("wide")) { words.addEvent }
            }
        }
    }
}
