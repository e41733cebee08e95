import FoundationEssentials
import Core
import Domain
import HTTP
import NutritionFeature

/// `/weight`: a weighing logged in the person's unit, the trend chart `tend weight trend --svg`
/// draws (inline), and the recent weighings — `BodyUseCases`, as `tend weight` and `/v1/weights`.
struct WeightController: Sendable {
    let body: BodyUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/weight") { context in
                try page(context, notice: context.request.query["logged"] == "1" ? context.words.weightLogged : nil)
            },
            routes.post("/weight") { context, form in
                let owner = context.account!.id
                let unit = body.unit(ownerID: owner)
                do {
                    // The field is named by the unit it is typed in (`kg`, as the API's body, or `lb`).
                    let text = form.text(unit.rawValue) ?? ""
                    guard let value = Double(text.replacing(",", with: ".")), value.isFinite else {
                        throw AppError.invalidInput("the weight must be a number (got '\(text)')", code: "invalid_weight")
                    }
                    let kilograms = unit == .kg ? value : value * WeightUnit.kilogramsPerPound
                    _ = try body.log(ownerID: owner, kilograms: kilograms, at: nil, fatPercent: nil, muscleKilograms: nil)
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), typed: form.text(unit.rawValue), status: 400)
                }
                return WebResponses.redirect("/weight?logged=1", context: context)
            },
        ]
    }

    func page(_ context: WebContext, notice: String? = nil, error: String? = nil, typed: String? = nil, status: Int = 200) throws -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let unit = body.unit(ownerID: owner)
        let trend = try body.trend(ownerID: owner)
        let zone = body.zone(ownerID: owner)
        let recent = try body.entries(ownerID: owner).sorted { $0.takenAt > $1.takenAt }.prefix(10)
        let html = layout.document(context, title: words.weight, tab: .food) {
            el("h1") { words.weight }
            Notices.status(notice)
            Notices.alert(error)
            el("form", Attribute("method", "post"), Attribute("action", "/weight"), .class("card")) {
                el("h2") { words.logWeight }
                context.csrfField
                el("div", .class("search-row")) {
                    Tags.field(words.weightIn(unit), name: unit.rawValue, type: "text", value: typed,
                               extra: [.required, Attribute("inputmode", "decimal"), Attribute("autocomplete", "off"),
                                       Attribute("placeholder", unit == .kg ? "72.5" : "160")])
                    el("button", .type("submit")) { words.logIt }
                }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "trend-title")) {
                el("h2", .id("trend-title")) { words.trendChart }
                if let last = trend.points.last {
                    el("p") { el("strong") { words.weightTrend(last.trend, weeklyChange: trend.weeklyChange, unit: unit) } }
                } else {
                    el("p", .class("muted")) { words.noWeightYet }
                }
                el("div", .class("chart"), Attribute("role", "img"), Attribute("tabindex", "0"), .aria(label: words.trendChart)) {
                    Node.trusted(TrustedMarkup(generatedSVG: NutritionSVG.trend(trend, unit: unit, language: context.language)))
                }
            }
            el("section", .class("card"), Attribute("aria-labelledby", "weighings-title")) {
                el("h2", .id("weighings-title")) { words.weighings }
                el("ul", .class("plain")) {
                    for entry in recent {
                        el("li") {
                            el("span") { words.date(zone.localDate(of: entry.takenAt)) + " " + zone.localTime(of: entry.takenAt).description }
                            el("strong") { "\(((unit.value(ofKilograms: entry.kilograms)) * 10).rounded() / 10) \(unit.rawValue)" }
                        }
                    }
                }
            }
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
