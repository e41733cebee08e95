import FoundationEssentials
import Core
import Domain

/// Reads the Korean table of `Resources/Foods`: `korean-foods.tsv` (Korean dishes and staples,
/// per 100 g) and `usda-korean-names.tsv` (Korean names of USDA staples). Both are UTF-8,
/// tab-separated, with `#` comment lines before a header row; columns are found by their
/// header name. A row that cannot be read is skipped and named, never half-loaded.
public struct KoreanFoodReader: KoreanFoodSource {
    public static let foodsFile = "korean-foods.tsv"
    public static let namesFile = "usda-korean-names.tsv"
    /// No table of this kind comes near this size: a larger file is not one.
    static let maximumFileBytes = 8 << 20

    public init() {}

    public func read(folder: String) throws -> KoreanFoodTable {
        let foodsText = try Self.contents(folder + "/" + Self.foodsFile)
        let namesText = try Self.contents(folder + "/" + Self.namesFile)
        guard foodsText != nil || namesText != nil else {
            throw AppError.notFound("\(folder): no \(Self.foodsFile) or \(Self.namesFile)", code: "korean_table_missing")
        }
        var skipped: [String] = []
        var foods: [KoreanFood] = []
        var seen = Set<String>()
        if let foodsText {
            for row in Self.rows(foodsText) {
                guard let food = Self.food(row.fields), seen.insert(food.code).inserted else {
                    skipped.append("\(Self.foodsFile):\(row.line)")
                    continue
                }
                foods.append(food)
            }
        }
        var names: [String: [String]] = [:]
        if let namesText {
            for row in Self.rows(namesText) {
                let id = row.fields["usda_id"] ?? ""
                let list = (row.fields["names_ko"] ?? "").split(separator: ",").map { String($0).trimmed }
                    .filter { !$0.isEmpty }
                guard id.count == 5, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber), !list.isEmpty else {
                    skipped.append("\(Self.namesFile):\(row.line)")
                    continue
                }
                names[id, default: []].append(contentsOf: list.filter { !(names[id] ?? []).contains($0) })
            }
        }
        let version = "fnv1a:" + String(StableHash.fnv1a((foodsText ?? "") + "\u{0}" + (namesText ?? "")), radix: 16)
        return KoreanFoodTable(foods: foods, usdaNames: names, version: version, skipped: skipped)
    }

    static func contents(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileBytes, let data = FileManager.default.contents(atPath: path) else {
            throw AppError(.unprocessable, code: "invalid_korean_table", "\(path) is too large or unreadable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AppError(.unprocessable, code: "invalid_korean_table", "\(path) is not UTF-8 text")
        }
        return text
    }

    /// The data rows after the header, each as header name → field, with its line number.
    static func rows(_ text: String) -> [(line: Int, fields: [String: String])] {
        var header: [String]?
        var rows: [(line: Int, fields: [String: String])] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            if index == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if line.trimmed.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).trimmed }
            guard let names = header else {
                header = fields
                continue
            }
            var row: [String: String] = [:]
            for (name, value) in zip(names, fields) { row[name] = value }
            rows.append((index + 1, row))
        }
        return rows
    }

    static func food(_ row: [String: String]) -> KoreanFood? {
        func number(_ key: String) -> Double? {
            guard let text = row[key], let value = Double(text), value.isFinite, value >= 0, value < 100_000 else { return nil }
            return value
        }
        /// Sugar, fiber and sodium may be left empty (not measured); a value there must be a number.
        func optional(_ key: String) -> Double?? {
            guard let text = row[key], !text.isEmpty, text != "-" else { return .some(nil) }
            return number(key).map { .some($0) } ?? nil
        }
        guard let code = row["code"], !code.isEmpty, code.count <= 32, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
              let nameKo = row["name_ko"], !nameKo.isEmpty, let nameEn = row["name_en"], !nameEn.isEmpty,
              let grams = number("serving_g"), grams > 0, let kcal = number("kcal"), let protein = number("protein_g"),
              let carbs = number("carbs_g"), let fat = number("fat_g"),
              let sugar = optional("sugar_g"), let fiber = optional("fiber_g"), let sodium = optional("sodium_mg") else { return nil }
        return KoreanFood(code: code, nameKo: nameKo, nameEn: nameEn, servingKo: row["serving_name_ko"] ?? "",
                          servingEn: row["serving_name_en"] ?? "", servingGrams: grams,
                          per100g: Macros(kcal: kcal, protein: protein, carbs: carbs, fat: fat), sugar: sugar, fiber: fiber, sodium: sodium)
    }
}
