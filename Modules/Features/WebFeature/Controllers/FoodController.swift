import FoundationEssentials
import Core
import Domain
import HTTP
import NutritionFeature

/// `/food`: the day's rings (the SVG `tend diet` draws), a food search that is a plain GET form
/// (the script only runs it as you type), logging a result to a meal with one of its household
/// measures, and the day's entries — the use cases of `tend food`/`tend diet` and `/v1/diet`.
struct FoodController: Sendable {
    let nutrition: NutritionUseCases
    let message: @Sendable (AppError, Language) -> String
    let routes: WebRouteMaker
    let layout: Layout

    func make() -> [Route] {
        [
            routes.get("/food") { context in try page(context) },
            routes.post("/food/entries") { context, form in
                let entry: DietEntry
                do {
                    guard let meal = form.text("meal").flatMap(Meal.init(word:)) else {
                        throw AppError.invalidInput("meal must be breakfast, lunch, dinner or snack", code: "invalid_meal")
                    }
                    entry = try nutrition.log(ownerID: context.account!.id, meal: meal, food: form.text("food") ?? "",
                                              amount: form.text("amount") ?? "", date: nil)
                } catch let error as AppError where error.kind == .invalidInput || error.kind == .notFound {
                    return try page(context, error: message(error, context.language), query: form.text("q"),
                                    status: HTTPStatus.code(for: error.kind))
                }
                return WebResponses.redirect("/food?logged=\(PercentEncoding.encode(entry.id))", context: context)
            },
            routes.post("/food/entries/{id}/delete") { context, _ in
                try nutrition.delete(ownerID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                return WebResponses.redirect("/food", context: context)
            },
        ]
    }

    func page(_ context: WebContext, error: String? = nil, query: String? = nil,
              status: Int = 200) throws -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let day = try nutrition.day(ownerID: owner, date: nil)
        let query = query ?? context.request.query["q"]?.trimmed
        let found: [Food]
        if let query, !query.isEmpty {
            guard query.count <= 100 else { throw AppError.invalidInput("a search is at most 100 characters", code: "invalid_query") }
            found = try nutrition.search(query, ownerID: owner, limit: 12)
        } else {
            found = []
        }
        let logged = context.request.query["logged"].flatMap { id in day.entries.first { $0.id == id } }
        let pages = FoodPages(context: context, now: nutrition.clock.now)
        let html = layout.document(context, title: words.food, tab: .food) {
            el("h1") { words.food + " · " + words.date(day.date) }
            Notices.status(logged.map { words.loggedFood($0.name, $0.meal) })
            Notices.alert(error)
            pages.rings(day)
            pages.search(query: query, found: found)
            pages.meals(day)
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
