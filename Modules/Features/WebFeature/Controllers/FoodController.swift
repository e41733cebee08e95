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
            routes.post("/food/foods") { context, form in
                let food: Food
                do {
                    food = try nutrition.addCustom(ownerID: context.account!.id, try Self.customFood(form))
                } catch let error as AppError where error.kind == .invalidInput {
                    return try page(context, error: message(error, context.language), custom: form, status: 400)
                }
                // Searched by its name, as the person would look for it (one's own foods come first),
                // cut to a search's 100 characters: the last word left is matched as a prefix.
                let query = PercentEncoding.encode(String(food.name.prefix(100)))
                return WebResponses.redirect("/food?q=\(query)&added=\(PercentEncoding.encode(food.id))", context: context)
            },
            routes.post("/food/entries/{id}/delete") { context, _ in
                try nutrition.delete(ownerID: context.account!.id, id: context.request.pathParameters["id"] ?? "")
                return WebResponses.redirect("/food", context: context)
            },
        ]
    }

    /// The API's fields (`name`, `serving`, `grams`, `kcal`, `protein_g`, `carbs_g`, `fat_g`) as
    /// `addCustom`'s input; the use case checks the values, this only reads the numbers.
    static func customFood(_ form: FormBody) throws -> NutritionUseCases.CustomFood {
        func number(_ name: String, required: Bool) throws -> Double? {
            guard let text = form.text(name) else {
                guard !required else {
                    throw AppError.invalidInput("'\(name)' is required", code: "invalid_food").with(key: "number", ["field": name, "text": ""])
                }
                return nil
            }
            // A comma is a decimal point too, as phones in Korea and Europe type it.
            guard let value = Double(text.replacing(",", with: ".")), value.isFinite else {
                throw AppError.invalidInput("'\(name)' must be a number (got '\(text)')", code: "invalid_food")
                    .with(key: "number", ["field": name, "text": text])
            }
            return value
        }
        let macros = Macros(kcal: try number("kcal", required: true) ?? 0, protein: try number("protein_g", required: false) ?? 0,
                            carbs: try number("carbs_g", required: false) ?? 0, fat: try number("fat_g", required: false) ?? 0)
        return .init(name: form["name"] ?? "", serving: form.text("serving") ?? "1 serving",
                     grams: try number("grams", required: true) ?? 0, macros: macros)
    }

    func page(_ context: WebContext, error: String? = nil, query: String? = nil, custom: FormBody? = nil,
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
            Notices.status(context.request.query["added"].flatMap { id in found.first { $0.id == id } }.map { words.customFoodAdded($0.name) })
            Notices.alert(error)
            pages.rings(day)
            pages.search(query: query, found: found)
            FoodCustomForm(context: context).render(values: custom, open: custom != nil)
            pages.meals(day)
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
