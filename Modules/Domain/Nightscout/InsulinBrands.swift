import FoundationEssentials
import Core

/// Which kind an insulin named by a client is: the account's own names first (its settings'
/// long and rapid names), then this table of brands and generic names. Matching ignores case,
/// spaces, hyphens and a trailing strength (`Toujeo 300`, `Humalog U-200`). A name in neither
/// is rapid-acting: pumps, xDrip+ and Loop name their bolus insulin far more often than
/// anything else, and the note of the dose keeps the name so that it can be corrected.
public enum InsulinBrands {
    /// Long- and intermediate-acting (basal) insulins.
    public static let long: [String] = [
        "Lantus", "Toujeo", "Basaglar", "Abasaglar", "Semglee", "Rezvoglar", "Glargine", "Insulin glargine",
        "Levemir", "Detemir", "Tresiba", "Degludec", "Awiqli", "Icodec",
        "Insulatard", "Humulin N", "Humulin I", "Novolin N", "Protaphane", "Huminsulin Basal", "NPH",
        "Basal", "Long-Acting", "Long acting",
    ]
    /// Rapid-, ultra-rapid- and short-acting (bolus) insulins.
    public static let rapid: [String] = [
        "NovoRapid", "NovoLog", "Novolog", "Aspart", "Fiasp", "Trurapi", "Humalog", "Lispro", "Admelog", "Lyumjev",
        "Liprolog", "Apidra", "Glulisine", "Actrapid", "Humulin R", "Novolin R", "Afrezza", "Insuman Rapid",
        "Bolus", "Rapid-Acting", "Rapid acting", "Fast-Acting", "Fast acting",
    ]

    /// The kind of the insulin called `name` for an account with these settings, and whether
    /// the name was recognised (an unknown name is rapid-acting, see above).
    public static func kind(of name: String, settings: InsulinSettings?) -> (kind: InsulinKind, known: Bool) {
        let wanted = key(name)
        if let settings {
            if key(settings.longName) == wanted { return (.long, true) }
            if key(settings.rapidName) == wanted { return (.rapid, true) }
        }
        if long.contains(where: { key($0) == wanted }) { return (.long, true) }
        if rapid.contains(where: { key($0) == wanted }) { return (.rapid, true) }
        return (.rapid, false)
    }

    /// Lower case without spaces, hyphens, dots or a trailing strength (`u200`, `300`, `100u`).
    static func key(_ name: String) -> String {
        var text = name.lowercased().filter { !" -_.".contains($0) }
        if text.last == "u", text.dropLast().last?.isNumber == true { text.removeLast() }
        var strength = false
        while let last = text.last, last.isNumber {
            text.removeLast()
            strength = true
        }
        if strength, text.last == "u", text.count > 1 { text.removeLast() }
        return text
    }
}
