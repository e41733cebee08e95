import FoundationEssentials
import Core

/// An amount as a person writes it: `40g`, `1 cup`, `2 tbsp`, `1.5 slice`, `1/2 cup`, `3 oz`,
/// `250kcal` (a quick-add), or a bare number of grams.
public struct Amount: Sendable, Equatable {
    public let quantity: Double
    /// nil for grams; else the unit word as written ("cup", "slice").
    public let unit: String?

    public static let gramUnits: [String: Double] = ["g": 1, "gram": 1, "grams": 1, "kg": 1000, "oz": 28.349_523_125,
                                                     "ounce": 28.349_523_125, "ounces": 28.349_523_125, "lb": 453.592_37,
                                                     "lbs": 453.592_37]
    /// Units that are written in more than one way.
    static let aliases: [String: String] = [
        "tablespoon": "tbsp", "tbs": "tbsp", "tb": "tbsp", "teaspoon": "tsp", "ts": "tsp", "fluid ounce": "fl oz",
    ]

    /// A unit word reduced to one form: lowercased, singular ("slices" → "slice"), aliases folded.
    static func canonical(_ word: String) -> String {
        var word = word.lowercased()
        if word.hasSuffix("es"), ["inches", "dishes", "pouches", "boxes", "glasses", "bunches"].contains(word) {
            word.removeLast(2)
        } else if word.hasSuffix("s"), word.count > 3, !word.hasSuffix("ss") {
            word.removeLast()
        }
        return aliases[word] ?? word
    }

    public init(quantity: Double, unit: String?) {
        self.quantity = quantity
        self.unit = unit
    }

    public init?(_ text: String) {
        let text = text.trimmed.lowercased()
        let numberEnd = text.firstIndex { !($0.isNumber || $0 == "." || $0 == "/" || $0 == ",") } ?? text.endIndex
        let numberText = String(text[..<numberEnd]).replacing(",", with: ".")
        let unit = String(text[numberEnd...]).trimmed
        var quantity: Double?
        if numberText.contains("/") {
            let parts = numberText.split(separator: "/")
            if parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0 { quantity = top / bottom }
        } else {
            quantity = Double(numberText)
        }
        guard let quantity, quantity.isFinite, quantity > 0, quantity <= 100_000 else { return nil }
        self.quantity = quantity
        self.unit = unit.isEmpty ? nil : unit
    }

    public var isCalories: Bool { unit == "kcal" || unit == "cal" || unit == "calories" }

    /// Grams of `food` this amount means, or an error naming the measures the food has.
    public func grams(of food: Food) throws -> Double {
        guard let unit else { return quantity }
        if let factor = Self.gramUnits[unit] { return quantity * factor }
        // "1 slice" answers to a measure named "slices" or "slice, large", "2 tablespoons" to "tbsp".
        let wanted = Self.canonical(unit)
        let match = food.measures.first { measure in
            let name = measure.name.lowercased()
            let head = String(name.prefix { $0 != "," && $0 != "(" }).trimmed
            return Self.canonical(head) == wanted || Self.canonical(String(head.split(separator: " ").first ?? "")) == wanted
                || name == unit
        }
        guard let match else {
            let known = food.measures.map(\.name).joined(separator: ", ")
            throw AppError.invalidInput(
                "\(food.name) has no measure '\(unit)'\(known.isEmpty ? "; give grams, e.g. 100g" : " (it has: \(known); or give grams)")",
                code: "unknown_measure").with(key: known.isEmpty ? "grams" : "known", ["food": food.name, "unit": unit, "known": known])
        }
        return quantity * match.gramsPerUnit
    }
}
