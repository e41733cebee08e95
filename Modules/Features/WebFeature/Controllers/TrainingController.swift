import FoundationEssentials
import Core
import Domain
import HTTP
import WorkoutFeature

/// `/training`: today's plan, logging sets in the lifter's syntax (`back squat 100kg 5x5`, read
/// by `SetParser` inside `WorkoutUseCases.log`), today's sessions and the records — the use
/// cases of `tend workout` and `/v1/workouts`.
struct TrainingController: Sendable {
    let workouts: WorkoutUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/training") { context in try page(context, notice: Self.notice(context)) },
            routes.post("/training/sets") { context, form in
                let lines = (form["sets"] ?? "").split(whereSeparator: \.isNewline).map { String($0).trimmed }.filter { !$0.isEmpty }
                let logged: WorkoutUseCases.Logged
                do {
                    guard lines.count <= 50 else { throw AppError.invalidInput("at most 50 sets at once", code: "invalid_set") }
                    logged = try workouts.log(ownerID: context.account!.id, .init(sets: lines))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), sets: form["sets"], status: 400)
                }
                // What the session improved goes along in the address (names only, shown as text).
                let records = logged.newRecords.keys.sorted().joined(separator: ",")
                return WebResponses.redirect("/training?logged=\(logged.session.sets.count)"
                                             + (records.isEmpty ? "" : "&records=" + PercentEncoding.encode(records)), context: context)
            },
        ] + planRoutes()
    }

    static func notice(_ context: WebContext) -> String? {
        guard let count = context.request.query["logged"].flatMap(Int.init) else { return nil }
        let records = context.request.query["records"].map { context.words.newRecords($0.replacing(",", with: ", ")) }
        return context.words.loggedSets(count) + (records.map { " " + $0 } ?? "")
    }

    func page(_ context: WebContext, notice: String? = nil, error: String? = nil, sets: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let stats = try workouts.stats(ownerID: owner)
        let unit = try workouts.settings(ownerID: owner).displayUnit
        let today = workouts.today(ownerID: owner)
        let zone = workouts.zone(ownerID: owner)
        let sessions = try workouts.list(ownerID: owner, from: today, through: today)
        let records = try workouts.records(ownerID: owner).values.sorted { $0.exercise < $1.exercise }
        let html = layout.document(context, title: words.training, tab: .training) {
            el("h1") { words.training }
            Notices.status(notice)
            Notices.alert(error)
            el("section", .class("card"), Attribute("aria-labelledby", "plan-title")) {
                el("h2", .id("plan-title")) { words.todaysPlanTitle }
                if let plan = stats.todayPlan { el("p") { el("strong") { plan } } } else { el("p", .class("muted")) { words.nothingPlanned } }
                el("p", .class("muted small")) { words.trainingLine(stats) }
                el("p") { el("a", .href("/training/plan")) { words.editPlan } }
            }
            el("form", Attribute("method", "post"), Attribute("action", "/training/sets"), .class("card")) {
                el("h2") { words.logSets }
                context.csrfField
                el("div", .class("field")) {
                    el("label", .for("f-sets")) { words.setsLabel }
                    el("textarea", .id("f-sets"), .name("sets"), Attribute("rows", "3"), .required, Attribute("autocapitalize", "none"),
                       Attribute("spellcheck", "false"), Attribute("aria-describedby", "sets-hint"),
                       Attribute("placeholder", "back squat 100kg 5x5")) { sets ?? "" }
                    el("p", .class("hint"), .id("sets-hint")) { words.setsHint }
                }
                el("button", .type("submit"), .class("wide")) { words.logIt }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "sessions-title")) {
                el("h2", .id("sessions-title")) { words.todaysSessions }
                if sessions.isEmpty { el("p", .class("muted")) { words.noSessionsToday } }
                for session in sessions {
                    el("p", .class("muted small")) { zone.localTime(of: session.startedAt).description + (session.title.map { " · \($0)" } ?? "") }
                    el("ul", .class("plain sets")) {
                        for set in session.sets {
                            el("li") { el("span") { el("strong") { set.exercise }; " " + WorkoutText.describe(set, unit: unit, language: context.language) } }
                        }
                    }
                }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "records-title")) {
                el("h2", .id("records-title")) { words.records }
                if records.isEmpty { el("p", .class("muted")) { words.noRecords } }
                el("ul", .class("plain")) {
                    for record in records where record.heaviestKg != nil || record.e1rmKg != nil {
                        el("li") {
                            el("div") {
                            el("strong") { record.exercise }
                            el("br")
                            el("span", .class("small muted")) {
                                [record.heaviestKg.map { "\(words.heaviest) \(WorkoutText.weight($0, unit: unit))" },
                                 record.e1rmKg.map { "\(words.estimatedMax) \(WorkoutText.weight($0, unit: unit))" }]
                                    .compactMap { $0 }.joined(separator: " · ")
                            }
                            }
                        }
                    }
                }
            }
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
