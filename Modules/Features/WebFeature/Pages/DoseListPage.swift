import FoundationEssentials
import Core
import Domain
import HTTP

/// `/insulin/doses?month=YYYY-MM`: the month's doses by insulin day, newest first, each with
/// its edit link.
struct DoseListPage: Sendable {
    let services: WebServices
    let layout: Layout

    func render(_ context: WebContext) throws -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let settings = try services.insulin.settings.current(ownerID: owner)
        let days = settings.insulinDays
        let today = days.day(of: services.insulin.clock.now)
        let month = try InsulinCalendarPage.month(context, default: today.yearMonth)
        let doses = try services.insulin.listDoses(ownerID: owner, from: month.firstDay, through: month.lastDay)
        let byDay = Dictionary(grouping: doses) { days.day(of: $0.takenAt) }
        let query = context.request.query
        let notice = query["deleted"] != nil ? words.deleted : query["saved"] != nil ? words.edited() : nil
        let html = layout.document(context, title: words.allDoses, tab: .insulin) {
            el("h1") { words.month(month) }
            if let notice { el("p", .class("notice"), Attribute("role", "status"), Attribute("data-focus", nil)) { notice } }
            InsulinCalendarPage.monthNavigation(words, month: month, path: "/insulin/doses")
            if doses.isEmpty { el("p", .class("card muted")) { words.noDoses } }
            for day in byDay.keys.sorted(by: >) {
                el("section", .class("card")) {
                    el("h2") { words.date(day) }
                    el("ul", .class("plain")) {
                        for dose in byDay[day]!.reversed() { InsulinPages.doseRow(dose, settings: settings, words: words, showDate: false) }
                    }
                }
            }
        }
        return WebResponses.page(html, context: context)
    }
}
