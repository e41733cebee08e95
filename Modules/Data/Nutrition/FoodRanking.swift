import FoundationEssentials
import Core

/// What the food search derives from a food's names when it is stored, and from a query when
/// it runs: the static rank of a food (everyday staples and raw or plainly cooked foods first,
/// products and dishes after), its heads (the noun a name is about), and the Hangul terms that
/// let `김치` find 배추김치 and `ㄱㅊㅉㄱ` find 김치찌개. docs/nutrition.md has the rules.
enum FoodRanking {
    /// Bumped whenever what is derived here changes: `tend food import-usda --if-empty` then
    /// loads the shared tables again so that every stored food follows the new rules.
    static let version = "2"

    // MARK: - The static rank of a food (lower comes first)

    /// USDA groups of single foods: dairy and egg, spices, fats, poultry, fruits, pork,
    /// vegetables, nuts, beef, beverages, fish, legumes, lamb, grains. The others are products
    /// and dishes (baby foods, soups, sausages, cereals, baked goods, sweets, fast foods, meals,
    /// snacks, restaurant foods); bread (18) counts as a staple only in the everyday list.
    static let basicGroups: Set<Int> = [1, 2, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20]

    /// The everyday item of the words people type most ("milk", "egg", "rice", "bread",
    /// "salmon"…): a plain food, raw or plainly cooked, chosen by hand from SR24.
    static let everyday: Set<String> = [
        // dairy and eggs
        "01077", "01079", "01123", "01129", "01001", "01009", "01026", "01116", "01117", "01012",
        // fruits
        "09003", "09040", "09200", "09316", "09050", "09132", "09326", "09252", "09236", "09037", "09150", "09176",
        "09266", "09218", "09070", "09148", "09206",
        // vegetables
        "11090", "11124", "11282", "11215", "11529", "11352", "11365", "11457", "11109", "11205", "11260",
        "11333", "11821", "11251", "11167", "11477", "11209", "11429", "11291", "11216", "11304", "11052", "11043",
        // grains, bread and pasta
        "20044", "20045", "20052", "20053", "20038", "08120", "08121", "18069", "18075", "20120",
        "20121", "20081", "20110",
        // meat, fish and seafood
        "05062", "05064", "23567", "23572", "10005", "10024", "10123", "07029", "15236", "15237", "15121", "15046",
        "15015", "15149", "15175",
        // legumes, nuts, drinks and the pantry
        "16126", "16098", "16087", "16108", "16120", "12061", "12155", "14209", "14355", "14003", "19335", "19296",
        "02047", "04053",
    ]

    static let plainlyCooked: Set<String> = ["cooked", "boiled", "roasted", "baked", "steamed", "broiled", "grilled", "poached",
                                             "stewed", "braised", "microwaved", "hard-boiled", "scrambled", "brewed"]

    /// Words of a processed food or a dish: each one found adds to the rank (at most three).
    static let processedWords: [String] = [
        "canned", "frozen", "dried", "dehydrated", "powder", "mix", "imitation", "prepared from recipe", "concentrate",
        "sweetened", "substitute", "made with", "fried", "breaded", "stuffing", "dessert", "sauce", "flavored", "with salt",
        "low sodium", "toasted", "spread", "instant", "ready-to-eat", "ready-to-serve", "ready-to-heat", "syrup", "candied",
        "pickled", "smoked", "cured", "salad", "babyfood", "toddler", "infant", "formula", "condensed", "evaporated", "dry",
        "pudding", "pie", "cake", "bar", "drink", "nectar", "chips", "crumbs", "flour", "bran", "germ", "by-products",
        "variety meats", "mechanically", "producer", "shake", "filling", "sticks", "nuggets", "patties", "frankfurter",
        "sausage", "loaf", "croutons", "stuffed", "batter", "coated", "seasoned", "marinated", "whipped", "fat free",
        "nonfat", "lowfat", "low fat", "reduced fat", "light",
    ]

    static let processedSingleWords = processedWords.filter { !$0.contains(" ") }
    /// Phrases padded with spaces: " prepared from recipe ".
    static let processedPhrases = processedWords.filter { $0.contains(" ") }.map { " " + $0 + " " }

    /// The rank of a USDA food: 0 for a raw food of a basic group, more for cooking, processing,
    /// qualifiers, a product group and a brand (a word in capitals). An everyday staple is
    /// ranked by its cooking alone, below every other food: −2 raw, −1.5 plainly cooked, −1.
    static func penalty(name: String, uid: String) -> Double {
        let group = uid.count == 5 ? Int(uid.prefix(2)) : nil
        let lower = name.lowercased()
        let words = lower.split(whereSeparator: { !$0.isLetter && $0 != "-" && $0 != "'" }).map(String.init)
        let cooking: Double = words.contains("raw") ? 0 : (words.contains(where: plainlyCooked.contains) ? 1 : 2)
        if everyday.contains(uid) { return cooking / 2 - 2 }
        let branded = name.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= 3 && $0.allSatisfy(\.isUppercase) }
        var penalty = cooking
        if group.map({ !basicGroups.contains($0) }) ?? true { penalty += 6 }
        if branded { penalty += 6 }
        let wordSet = Set(words)
        var processed = processedSingleWords.count { wordSet.contains($0) }
        if !processedPhrases.isEmpty {
            let padded = " " + words.joined(separator: " ") + " "
            processed += processedPhrases.count { padded.contains($0) }
        }
        penalty += Double(min(processed, 3)) * 1.5
        let segments = name.split(separator: ",").count
        penalty += Double(max(0, segments - 3)) * 0.3
        return penalty
    }

    /// The Korean dishes and staples eaten most (by their Korean names): ranked like USDA's
    /// everyday staples, so that 김치 and kimchi find 배추김치 first.
    static let everydayKorean: Set<String> = [
        "공깃밥", "현미밥", "잡곡밥", "배추김치", "깍두기", "된장찌개", "김치찌개", "미역국",
        "김밥", "라면", "불고기", "비빔밥", "삼겹살구이", "두부", "달걀", "삶은달걀",
        "흰우유", "떡볶이", "계란말이", "바나나", "사과", "고구마", "감자", "식빵",
        "닭가슴살", "제육볶음", "된장국", "떡국", "냉면", "물냉면", "잡채", "김",
        "귤", "딸기", "수박", "포도", "배",
    ]

    /// A Korean dish or staple: as plain as a raw staple (the table holds what people eat);
    /// the everyday ones as USDA's everyday staples.
    static func koreanPenalty(nameKo: String) -> Double { everydayKorean.contains(nameKo) ? -2 : 0.5 }

    // MARK: - Heads

    /// USDA names that start with a category ("Fish, salmon, …", "Cheese, cheddar"): their
    /// second part names the food too.
    static let categories: Set<String> = [
        "fish", "cheese", "spices", "nuts", "seeds", "beverages", "cereals", "cereals ready-to-eat", "beans", "oil", "candies",
        "snacks", "cookies", "crackers", "soup", "soups", "sauce", "game meat", "mollusks", "crustaceans", "babyfood",
        "infant formula", "alcoholic beverage", "fast foods", "restaurant", "sweeteners",
    ]

    /// The nouns an English name is about: the last word of its first part ("Chicken breast
    /// tenders, …" → tenders; "Milk, whole" → milk) and, after a category, the last word of the
    /// second part ("Fish, salmon, raw" → fish, salmon).
    static func heads(of name: String) -> (head: String, head2: String?) {
        let parts = name.split(separator: ",").map { withoutParentheses(String($0)).lowercased().trimmed }
        guard let first = parts.first else { return ("", nil) }
        let head = lastWord(first)
        let head2 = categories.contains(first) && parts.count > 1 ? lastWord(parts[1]) : nil
        return (head, head2.flatMap { $0.isEmpty || $0 == head ? nil : $0 })
    }

    static func lastWord(_ text: String) -> String {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "'" }).last.map { $0.lowercased() } ?? ""
    }

    static func withoutParentheses(_ text: String) -> String {
        var depth = 0
        var result = ""
        for character in text {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// Korean names' heads, `|배추김치|김치|`: a Hangul query that ends one of them names the
    /// food's kind (김치 → 배추김치, a kimchi) rather than a dish made with it (김치찌개, a stew).
    static func koreanHeads(_ names: [String]) -> String? {
        let heads = names.compactMap { name in
            name.split(whereSeparator: { !isHangul($0) }).last.map(String.init)
        }
        return heads.isEmpty ? nil : "|" + heads.joined(separator: "|") + "|"
    }

    // MARK: - Query side

    /// The forms of the query's words a head may take: `|apple|apples|…|` (singular, plural).
    static func headForms(_ query: String) -> String {
        var forms: [String] = []
        for word in query.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where !word.contains(where: isHangul) {
            let word = String(word)
            var candidates = [word, word + "s", word + "es"]
            if word.hasSuffix("y") { candidates.append(String(word.dropLast()) + "ies") }
            if word.hasSuffix("ies") { candidates.append(String(word.dropLast(3)) + "y") }
            if word.hasSuffix("es") { candidates.append(String(word.dropLast(2))) }
            if word.hasSuffix("s") { candidates.append(String(word.dropLast())) }
            for candidate in candidates where !forms.contains(candidate) { forms.append(candidate) }
        }
        return forms.isEmpty ? "" : "|" + forms.joined(separator: "|") + "|"
    }

    /// The query's last Hangul word (syllables only), or "" when it has none.
    static func koreanHead(_ query: String) -> String {
        query.split(whereSeparator: { !isHangulSyllable($0) }).last.map(String.init) ?? ""
    }

    // MARK: - Hangul terms

    static func isHangulSyllable(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && (0xAC00...0xD7A3).contains(character.unicodeScalars.first!.value)
    }

    static func isHangul(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }

    static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")

    /// 김치찌개 → ㄱㅊㅉㄱ (초성).
    static func initialConsonants(_ word: String) -> String {
        String(word.unicodeScalars.compactMap { scalar -> Character? in
            guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
            return initials[Int(scalar.value - 0xAC00) / 588]
        })
    }

    /// Extra words to index for names with Hangul: each Hangul word's endings (배추김치 →
    /// 추김치, 김치, 치) so that a prefix query finds a word inside, and the initial consonants of
    /// the word and of its endings (ㅂㅊㄱㅊ, ㅊㄱㅊ, ㄱㅊ). Names without Hangul add nothing.
    static func hangulTerms(_ names: [String]) -> [String] {
        var terms: [String] = []
        var seen = Set<String>()
        func add(_ term: String) {
            if !term.isEmpty, seen.insert(term).inserted { terms.append(term) }
        }
        for name in names {
            for word in name.split(whereSeparator: { !isHangulSyllable($0) }) {
                let syllables = Array(word)
                for start in 1..<max(1, syllables.count) { add(String(syllables[start...])) }
                let initials = Array(initialConsonants(String(word)))
                for start in 0..<initials.count { add(String(initials[start...])) }
            }
        }
        return terms
    }

    /// The `search_terms` column: other names (Korean names of a USDA staple) and Hangul terms.
    static func searchTerms(otherNames: [String], allNames: [String]) -> String? {
        let terms = otherNames + hangulTerms(allNames)
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
