import FoundationEssentials
import Core

/// A query of Nightscout's API v1 as clients write it in the URL: `count=N` and
/// `find[field][$op]=value` (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`; a bare
/// `find[field]=value` is `$eq`; `$in` takes comma-separated values). Dates compare as
/// instants, whichever form each side has: epoch milliseconds, ISO 8601 with an offset, or
/// without one (UTC, as MongoDB's string comparison of `…Z` times treats it), or a bare
/// `YYYY-MM-DD` (its UTC midnight). Other fields compare as numbers when both sides are
/// numbers, else as text.
public struct NightscoutQuery: Sendable, Equatable {
    public enum Operator: String, Sendable, Equatable {
        case eq = "$eq", ne = "$ne", gt = "$gt", gte = "$gte", lt = "$lt", lte = "$lte", `in` = "$in", nin = "$nin"
    }

    public struct Condition: Sendable, Equatable {
        /// A dotted path for a nested field (`boluscalc.foodType`).
        public let field: String
        public let op: Operator
        public let values: [String]

        public init(field: String, op: Operator, values: [String]) {
            self.field = field
            self.op = op
            self.values = values
        }
    }

    /// Fields that hold an instant.
    public static let dateFields: Set<String> = ["created_at", "date", "dateString", "sysTime", "mills", "timestamp", "srvModified"]
    /// The largest `count` answered.
    public static let maximumCount = 10_000
    /// With no date in the query, Nightscout answers the last 4 days.
    public static let defaultWindow: TimeInterval = 4 * 86_400

    public var conditions: [Condition]
    public var count: Int?

    public init(conditions: [Condition] = [], count: Int? = nil) {
        self.conditions = conditions
        self.count = count
    }

    /// Reads `count` and the `find[…]` items of a query; other items are left alone.
    public init(query: [String: String]) throws {
        conditions = []
        if let text = query["count"] {
            guard let value = Int(text.trimmed), (1...Self.maximumCount).contains(value) else {
                throw AppError.invalidInput("count must be a whole number from 1 to \(Self.maximumCount)", code: "invalid_count")
            }
            count = value
        }
        for key in query.keys.sorted() where key.hasPrefix("find[") {
            let value = query[key]!
            let parts = Self.segments(of: key)
            guard !parts.isEmpty else {
                throw AppError.invalidInput("the query item \(key.printable) is not find[field] or find[field][$op]", code: "invalid_query")
            }
            var path = parts
            var op = Operator.eq
            if let last = path.last, last.hasPrefix("$") {
                guard let known = Operator(rawValue: last) else {
                    throw AppError.invalidInput("\(last.printable) is not an operator this server knows "
                                                + "($eq, $ne, $gt, $gte, $lt, $lte, $in, $nin)", code: "invalid_query")
                }
                op = known
                path.removeLast()
            }
            guard !path.isEmpty else {
                throw AppError.invalidInput("the query item \(key.printable) names no field", code: "invalid_query")
            }
            let field = path.joined(separator: ".")
            let values = op == .in || op == .nin ? value.split(separator: ",").map { String($0).trimmed } : [value]
            if Self.dateFields.contains(field) {
                for value in values where Self.instant(value) == nil {
                    throw AppError.invalidInput("find[\(field)] needs a date: epoch milliseconds or ISO 8601 (got \(value.printable))",
                                                code: "invalid_date")
                }
            }
            conditions.append(Condition(field: field, op: op, values: values))
        }
    }

    /// `find[a][b][$gte]` → ["a", "b", "$gte"]; a trailing `[]` or `[0]` of an array is dropped.
    static func segments(of key: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(key.dropFirst(4))
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            parts.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else { return [] }
        while let last = parts.last, last.isEmpty || Int(last) != nil { parts.removeLast() }
        return parts.contains(where: \.isEmpty) ? [] : parts
    }

    public var hasDate: Bool { conditions.contains { Self.dateFields.contains($0.field) } }
    public var mentionsID: Bool { conditions.contains { $0.field == "_id" } }

    /// The instants the query allows, to the millisecond, from its conditions on `timeFields`
    /// (the collection's own time: an exact pre-filter); with no date and no `_id`, the last
    /// 4 days before `now`.
    public func window(timeFields: Set<String>, now: Date) -> Range<Date>? {
        var lower: Double?
        var upper: Double?
        for condition in conditions where timeFields.contains(condition.field) {
            guard let ms = condition.values.first.flatMap(Self.instant).map(Self.milliseconds) else { continue }
            switch condition.op {
            case .gte: lower = max(lower ?? ms, ms)
            case .gt: lower = max(lower ?? ms + 1, ms + 1)
            case .lte: upper = min(upper ?? ms + 1, ms + 1)
            case .lt: upper = min(upper ?? ms, ms)
            case .eq:
                lower = max(lower ?? ms, ms)
                upper = min(upper ?? ms + 1, ms + 1)
            default: continue
            }
        }
        if lower == nil, upper == nil {
            guard !hasDate, !mentionsID else { return nil }
            lower = Self.milliseconds(now.addingTimeInterval(-Self.defaultWindow))
        }
        let from = Date(timeIntervalSince1970: (lower ?? -9e15) / 1000)
        let to = Date(timeIntervalSince1970: (upper ?? 9e15) / 1000)
        return from < to ? from..<to : from..<from
    }

    /// Whether the window and an equal `type` (or `eventType`) say all the query says, so that
    /// storage can answer it without reading the documents.
    public func isWindowOnly(timeFields: Set<String>, typeField: String) -> Bool {
        conditions.allSatisfy { condition in
            (timeFields.contains(condition.field) && [.gte, .gt, .lte, .lt, .eq].contains(condition.op))
                || (condition.field == typeField && condition.op == .eq)
        }
    }

    /// The value of an equal `type` condition, for storage to filter on.
    public func equalValue(of field: String) -> String? {
        conditions.first { $0.field == field && $0.op == .eq }?.values.first
    }

    public func matches(_ document: DocumentValue) -> Bool {
        conditions.allSatisfy { condition in
            let value = condition.field.split(separator: ".").reduce(Optional(document)) { $0?[String($1)] }
            return Self.test(condition, value ?? .null)
        }
    }

    static func test(_ condition: Condition, _ value: DocumentValue) -> Bool {
        let isDate = dateFields.contains(condition.field)
        func compare(_ wanted: String) -> Int? {
            if case .null = value { return nil }
            if isDate {
                guard let left = instant(value), let right = instant(wanted) else { return nil }
                return left == right ? 0 : (left < right ? -1 : 1)
            }
            if let left = value.number, case .number = value, let right = Double(wanted) {
                return left == right ? 0 : (left < right ? -1 : 1)
            }
            let left: String
            switch value {
            case .string(let text): left = text
            case .number(let number): left = DocumentValue.format(number)
            case .bool(let flag): left = flag ? "true" : "false"
            default: return nil
            }
            return left == wanted ? 0 : (left < wanted ? -1 : 1)
        }
        switch condition.op {
        case .eq: return compare(condition.values[0]) == 0
        case .ne: return compare(condition.values[0]) != 0
        case .gt: return (compare(condition.values[0]) ?? -2) > 0
        case .gte: return (compare(condition.values[0]) ?? -2) >= 0
        case .lt: return (compare(condition.values[0]) ?? 2) < 0
        case .lte: return (compare(condition.values[0]) ?? 2) <= 0
        case .in: return condition.values.contains { compare($0) == 0 }
        case .nin: return !condition.values.contains { compare($0) == 0 }
        }
    }

    /// An instant from epoch milliseconds (seconds when under 10^11, as some scripts send),
    /// ISO 8601 with or without an offset, or `YYYY-MM-DD`.
    public static func instant(_ text: String) -> Date? {
        let text = text.trimmed
        if let number = Double(text), number.isFinite {
            let date = Date(timeIntervalSince1970: abs(number) < 1e11 ? number : number / 1000)
            return PlausibleTime.contains(date) ? date : nil
        }
        if let date = ISO8601.parseInstant(text) ?? ISO8601.parseInstant(text + "Z") {
            return PlausibleTime.contains(date) ? date : nil
        }
        if text.count == 10, let day = PlausibleTime.day(text) {
            return Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
        }
        return nil
    }

    static func instant(_ value: DocumentValue) -> Date? {
        switch value {
        case .number(let number): return instant(DocumentValue.format(number))
        case .string(let text): return instant(text)
        default: return nil
        }
    }

    static func milliseconds(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }
}
