import FoundationEssentials
import Core

/// `foods.search_folded`: a food's names (`name`, then `name_en`) with Latin diacritics folded
/// ("Crème brûlée" → "Creme brulee"), written in Swift whenever a food is, so that both engines
/// hold the same text. PostgreSQL's full-text search reads it (its `simple` configuration
/// lowercases but keeps accents), so "creme" finds "Crème brûlée" there as FTS5's
/// `remove_diacritics 2` finds it on SQLite. Hangul and every other script pass unchanged.
enum FoodSearchText {
    /// The text stored for a food's names.
    static func names(_ name: String, _ nameEn: String?) -> String {
        folded(nameEn.map { name + " " + $0 } ?? name)
    }

    /// Each precomposed Latin letter with diacritics (Latin-1 Supplement, Latin Extended-A and -B,
    /// Latin Extended Additional: Vietnamese included) becomes its base letter, case kept; a
    /// combining diacritical mark (text typed decomposed, U+0300–U+036F) is dropped.
    static func folded(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            scalars.append(baseLetter[scalar] ?? scalar)
        }
        return String(scalars)
    }

    /// Every precomposed letter whose canonical decomposition is an ASCII letter and combining
    /// marks, by base letter. Canonical decompositions never change (Unicode's stability policy),
    /// so neither does this list; `0019_food_search_folded` folds the names already stored with it.
    static let letters: [(base: Character, letters: String)] = [
        ("A", "ÀÁÂÃÄÅĀĂĄǍǞǠǺȀȂȦḀẠẢẤẦẨẪẬẮẰẲẴẶ"), ("a", "àáâãäåāăąǎǟǡǻȁȃȧḁạảấầẩẫậắằẳẵặ"),
        ("B", "ḂḄḆ"), ("b", "ḃḅḇ"), ("C", "ÇĆĈĊČḈ"), ("c", "çćĉċčḉ"), ("D", "ĎḊḌḎḐḒ"), ("d", "ďḋḍḏḑḓ"),
        ("E", "ÈÉÊËĒĔĖĘĚȄȆȨḔḖḘḚḜẸẺẼẾỀỂỄỆ"), ("e", "èéêëēĕėęěȅȇȩḕḗḙḛḝẹẻẽếềểễệ"), ("F", "Ḟ"), ("f", "ḟ"),
        ("G", "ĜĞĠĢǦǴḠ"), ("g", "ĝğġģǧǵḡ"), ("H", "ĤȞḢḤḦḨḪ"), ("h", "ĥȟḣḥḧḩḫẖ"),
        ("I", "ÌÍÎÏĨĪĬĮİǏȈȊḬḮỈỊ"), ("i", "ìíîïĩīĭįǐȉȋḭḯỉị"), ("J", "Ĵ"), ("j", "ĵǰ"),
        ("K", "ĶǨḰḲḴ"), ("k", "ķǩḱḳḵ"), ("L", "ĹĻĽḶḸḺḼ"), ("l", "ĺļľḷḹḻḽ"), ("M", "ḾṀṂ"), ("m", "ḿṁṃ"),
        ("N", "ÑŃŅŇǸṄṆṈṊ"), ("n", "ñńņňǹṅṇṉṋ"),
        ("O", "ÒÓÔÕÖŌŎŐƠǑǪǬȌȎȪȬȮȰṌṎṐṒỌỎỐỒỔỖỘỚỜỞỠỢ"), ("o", "òóôõöōŏőơǒǫǭȍȏȫȭȯȱṍṏṑṓọỏốồổỗộớờởỡợ"),
        ("P", "ṔṖ"), ("p", "ṕṗ"), ("R", "ŔŖŘȐȒṘṚṜṞ"), ("r", "ŕŗřȑȓṙṛṝṟ"), ("S", "ŚŜŞŠȘṠṢṤṦṨ"), ("s", "śŝşšșṡṣṥṧṩ"),
        ("T", "ŢŤȚṪṬṮṰ"), ("t", "ţťțṫṭṯṱẗ"),
        ("U", "ÙÚÛÜŨŪŬŮŰŲƯǓǕǗǙǛȔȖṲṴṶṸṺỤỦỨỪỬỮỰ"), ("u", "ùúûüũūŭůűųưǔǖǘǚǜȕȗṳṵṷṹṻụủứừửữự"),
        ("V", "ṼṾ"), ("v", "ṽṿ"), ("W", "ŴẀẂẄẆẈ"), ("w", "ŵẁẃẅẇẉẘ"), ("X", "ẊẌ"), ("x", "ẋẍ"),
        ("Y", "ÝŶŸȲẎỲỴỶỸ"), ("y", "ýÿŷȳẏẙỳỵỷỹ"), ("Z", "ŹŻŽẐẒẔ"), ("z", "źżžẑẓẕ"),
    ]

    /// The letters one by one, each with its base: what the migration replaces, in this order.
    static var pairs: [(letter: String, base: String)] {
        letters.flatMap { group in group.letters.map { (String($0), String(group.base)) } }
    }

    private static let baseLetter: [Unicode.Scalar: Unicode.Scalar] = {
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for group in letters {
            let base = group.base.unicodeScalars.first!
            for letter in group.letters.unicodeScalars { map[letter] = base }
        }
        return map
    }()

    /// Stores the folded names of one food, after a write that did not compute them (a synced row).
    static func store(foodID: String, in database: any SQLDatabase) throws {
        guard let row = try database.queryOne("SELECT name, name_en FROM foods WHERE id = ?", [.text(foodID)]) else { return }
        let text = names(try row.get("name"), try row.get("name_en", as: String?.self))
        try database.execute("UPDATE foods SET search_folded = ? WHERE id = ?", [.text(text), .text(foodID)])
    }
}
