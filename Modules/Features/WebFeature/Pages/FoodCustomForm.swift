import Core
import Domain

/// "직접 입력": one's own food, by the values of one serving (as `tend food add` and `POST
/// /v1/foods` take them), in a fold that opens when a refusal sends it back.
struct FoodCustomForm {
    let context: WebContext

    var words: WebWords { context.words }

    func render(values: FormBody?, open: Bool) -> Node {
        func number(_ label: String, _ name: String, required: Bool = false) -> Node {
            Tags.field(label, name: name, value: values?[name],
                       extra: [Attribute("inputmode", "decimal"), Attribute("autocomplete", "off"), required ? Attribute.required : nil].compactMap { $0 })
        }
        return el("details", attributes: [.class("card form-card"), .id("custom-food"), open ? Attribute("open", nil) : nil]) {
            el("summary") { words.customFood }
            el("form", Attribute("method", "post"), Attribute("action", "/food/foods")) {
                context.csrfField
                el("p", .class("hint")) { words.customFoodHint }
                Tags.field(words.foodName, name: "name", value: values?["name"], extra: [.required, Attribute("maxlength", "120")])
                el("div", .class("row")) {
                    Tags.field(words.serving, name: "serving", value: values?["serving"],
                               extra: [.required, Attribute("maxlength", "60"), Attribute("placeholder", "1 bowl")])
                    number(words.servingGrams, "grams", required: true)
                }
                el("div", .class("row")) {
                    number("kcal", "kcal", required: true)
                    number(words.proteinGrams, "protein_g")
                }
                el("div", .class("row")) {
                    number(words.carbsGrams, "carbs_g")
                    number(words.fatGrams, "fat_g")
                }
                el("button", .type("submit"), .class("wide")) { words.addCustomFood }
            }
        }
    }
}
