import FoundationEssentials
import Core
import Domain
import NutritionFeature

/// The food page's parts: the rings, the search with a log form under each result, the meals.
struct FoodPages {
    let context: WebContext
    let now: Date

    var words: WebWords { context.words }
    var language: String { context.language.rawValue }

    /// The four rings the CLI draws (`NutritionSVG.day`), with the same figures in words for a
    /// screen reader and for a glance.
    func rings(_ day: NutritionUseCases.Day) -> Node {
        el("section", .class("card"), Attribute("aria-labelledby", "rings-title")) {
            el("h2", .id("rings-title")) { words.rings }
            el("p") { el("strong") { words.dietLine(day) } }
            el("p", .class("muted small")) { words.macros(day) }
            el("div", .class("chart rings"), Attribute("aria-hidden", "true")) { Node.trusted(TrustedMarkup(generatedSVG: NutritionSVG.day(day, language: context.language))) }
        }
    }

    /// A plain GET form: without the script it reloads the page with `?q=`; with it, the results
    /// come in as you type (`data-live-search` names the part of the page to swap).
    func search(query: String?, found: [Food]) -> Node {
        el("section", .class("card"), Attribute("aria-labelledby", "search-title")) {
            el("h2", .id("search-title")) { words.searchFood }
            el("form", Attribute("method", "get"), Attribute("action", "/food"), Attribute("role", "search"),
               Attribute("data-live-search", "food-results")) {
                el("div", .class("field")) {
                    el("label", .for("f-q")) { words.whatDidYouEat }
                    el("div", .class("search-row")) {
                        el("input", .id("f-q"), .type("search"), .name("q"), .value(query ?? ""), Attribute("maxlength", "100"),
                           Attribute("autocomplete", "off"), Attribute("aria-describedby", "q-hint"), Attribute("aria-controls", "food-results"))
                        el("button", .type("submit")) { words.search }
                    }
                    el("p", .class("hint"), .id("q-hint")) { words.searchHint }
                }
            }
            el("div", .id("food-results"), Attribute("aria-live", "polite")) {
                if let query, !query.isEmpty {
                    el("h3", .class("day")) { words.results }
                    if found.isEmpty { el("p", .class("muted")) { words.noResults(query) } }
                    el("ul", .class("plain foods")) {
                        for food in found { result(food, query: query) }
                    }
                }
            }
        }
    }

    private func result(_ food: Food, query: String) -> Node {
        let id = "food-" + String(food.id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let measures = food.measures.prefix(6).map { measure -> (value: String, text: String) in
            let amount = measure.amount == measure.amount.rounded() ? String(Int(measure.amount)) : String(measure.amount)
            return ("\(amount) \(measure.name)", "\(amount) \(measure.name) (\(Int(measure.grams.rounded())) g)")
        }
        return el("li", .class("food")) {
            el("form", Attribute("method", "post"), Attribute("action", "/food/entries"), .aria(label: food.displayName(language: language))) {
                context.csrfField
                Tags.hidden("food", food.id)
                Tags.hidden("q", query)
                el("p") {
                    el("strong") { food.displayName(language: language) }
                    el("br")
                    el("span", .class("muted small")) { words.per100g(food.per100g) }
                }
                // Free text (`150g`, `2 bowl`, `1/2 cup`), read by `Amount` as the CLI reads it, across the card (a
                // row would let the hint run past it); the food's household measures are suggestions, not a fixed choice.
                el("div", .class("field")) {
                    el("label", .for(id + "-amount")) { words.amount }
                    el("input", .id(id + "-amount"), .name("amount"), .type("text"), .value(measures.first?.value ?? "100g"), .required,
                       Attribute("list", id + "-measures"), Attribute("autocomplete", "off"), Attribute("maxlength", "40"),
                       Attribute("aria-describedby", id + "-amount-hint"))
                    el("datalist", .id(id + "-measures")) {
                        for measure in measures { el("option", .value(measure.value)) { measure.text } }
                        el("option", .value("100g")) { "100 g" }
                    }
                    el("p", .class("hint"), .id(id + "-amount-hint")) { words.amountHint }
                }
                el("div", .class("row")) {
                    el("div", .class("field")) {
                        el("label", .for(id + "-meal")) { words.meal }
                        el("select", .id(id + "-meal"), .name("meal")) {
                            for meal in Meal.allCases {
                                el("option", attributes: [.value(meal.rawValue), meal == Self.meal(at: now, context) ? .selected : nil]) { words.mealName(meal) }
                            }
                        }
                    }
                }
                el("button", .type("submit"), .class("secondary wide")) { words.addToMeal }
            }
        }
    }

    /// The meal a log most likely belongs to by the hour (breakfast before 10:30, and so on).
    static func meal(at now: Date, _ context: WebContext) -> Meal {
        let zone = TimeZone(stored: context.account?.timeZoneIdentifier ?? "UTC")
        let minutes = zone.wallClock(of: now).secondOfDay / 60
        switch minutes {
        case ..<630: return .breakfast
        case ..<900: return .lunch
        case ..<1290: return .dinner
        default: return .snack
        }
    }

    func meals(_ day: NutritionUseCases.Day) -> Node {
        el("section", .class("card"), Attribute("aria-labelledby", "meals-title")) {
            el("h2", .id("meals-title")) { words.todaysMeals }
            if day.entries.isEmpty { el("p", .class("muted")) { words.nothingEaten } }
            for meal in Meal.allCases where !day.entries(meal).isEmpty {
                el("h3", .class("day")) { "\(words.mealName(meal)) · \(Int(day.totals(meal).kcal.rounded())) kcal" }
                el("ul", .class("plain")) {
                    for entry in day.entries(meal) {
                        el("li") {
                            el("div") {
                                el("strong") { entry.name }
                                el("br")
                                el("span", .class("muted small")) { "\(entry.amountText) · \(Int(entry.macros.kcal.rounded())) kcal" }
                            }
                            el("form", Attribute("method", "post"), Attribute("action", "/food/entries/\(PercentEncoding.encode(entry.id))/delete")) {
                                context.csrfField
                                el("button", .type("submit"), .class("danger"), .aria(label: "\(words.delete): \(entry.name)")) { words.delete }
                            }
                        }
                    }
                }
            }
        }
    }
}
