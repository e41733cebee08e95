import FoundationEssentials
import Core
import Domain

/// Doses in the `insulin_doses` table.
public struct SQLiteDoseRepository: DoseRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    private static let columns = "id, owner_id, kind, units, taken_at, note, created_at, updated_at, deleted_at"

    /// Sent with the transaction's next round trip (`executeLater`): every use case checks the id
    /// before it inserts, so a failure here is the engine's and fails the whole write anyway.
    public func insert(_ dose: Dose) throws {
        try database.executeLater([SQLStatement(
            "INSERT INTO insulin_doses (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(dose.id), .text(dose.ownerID), .text(dose.kind.rawValue), .real(dose.units), dose.takenAt.sqlValue,
             dose.note.sqlValue, dose.createdAt.sqlValue, dose.updatedAt.sqlValue, dose.deletedAt.sqlValue])])
    }

    public func update(_ dose: Dose) throws {
        try database.execute(
            "UPDATE insulin_doses SET kind = ?, units = ?, taken_at = ?, note = ?, updated_at = ?, deleted_at = ? "
                + "WHERE id = ? AND owner_id = ?",
            [.text(dose.kind.rawValue), .real(dose.units), dose.takenAt.sqlValue, dose.note.sqlValue,
             dose.updatedAt.sqlValue, dose.deletedAt.sqlValue, .text(dose.id), .text(dose.ownerID)])
    }

    public func dose(id: String, ownerID: String) throws -> Dose? {
        try database.queryOne(
            "SELECT \(Self.columns) FROM insulin_doses WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
            [.text(id), .text(ownerID)]).map(Self.decode)
    }

    public func ownerOfID(_ id: String) throws -> String? {
        try database.queryOne("SELECT owner_id FROM insulin_doses WHERE id = ?", [.text(id)])?.get("owner_id")
    }

    public func doses(ownerID: String, kind: InsulinKind?, in interval: Range<Date>?) throws -> [Dose] {
        // One statement for every combination, so it is prepared once: NULL parameters match all.
        try database.query(
            """
            SELECT \(Self.columns) FROM insulin_doses
            WHERE owner_id = ? AND deleted_at IS NULL AND (CAST(?2 AS TEXT) IS NULL OR kind = ?2)
              AND taken_at >= ?3 AND taken_at < ?4
            ORDER BY taken_at, id
            """,
            [.text(ownerID), kind.map { .text($0.rawValue) } ?? .null,
             interval.map { $0.lowerBound.sqlValue } ?? .integer(.min),
             interval.map { $0.upperBound.sqlValue } ?? .integer(.max)]
        ).map(Self.decode)
    }

    // The status reads cost the same whatever a day holds (migration 0012): the newest dose is
    // one search of `insulin_doses_status`; a tally adds up `insulin_dose_tallies`, the live
    // doses counted per quarter hour by triggers, and counts only the parts of quarters at the
    // ends of the interval in the index (none when it starts and ends on a quarter, as an
    // insulin day in any zone of today does).

    static let quarter: Int64 = 900_000

    static let latestAtOrBefore = """
        SELECT \(columns) FROM insulin_doses
        WHERE owner_id = ? AND kind = ? AND deleted_at IS NULL AND taken_at <= ?
        ORDER BY taken_at DESC, id DESC LIMIT 1
        """
    static let latestInInterval = """
        SELECT \(columns) FROM insulin_doses
        WHERE owner_id = ? AND kind = ? AND deleted_at IS NULL AND taken_at >= ? AND taken_at < ?
        ORDER BY taken_at DESC, id DESC LIMIT 1
        """
    static let quartersTally = """
        SELECT TOTAL(count) AS count, TOTAL(units) AS units FROM insulin_dose_tallies
        WHERE owner_id = ? AND kind = ? AND quarter >= ? AND quarter < ?
        """
    static let dosesTally = """
        SELECT COUNT(*) AS count, TOTAL(units) AS units FROM insulin_doses
        WHERE owner_id = ? AND kind = ? AND deleted_at IS NULL AND taken_at >= ? AND taken_at < ?
        """

    public func latest(ownerID: String, kind: InsulinKind, atOrBefore date: Date) throws -> Dose? {
        try database.queryOne(Self.latestAtOrBefore, [.text(ownerID), .text(kind.rawValue), date.sqlValue]).map(Self.decode)
    }

    public func latest(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> Dose? {
        try database.queryOne(Self.latestInInterval, [.text(ownerID), .text(kind.rawValue), interval.lowerBound.sqlValue,
                                                      interval.upperBound.sqlValue]).map(Self.decode)
    }

    public func tally(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> DoseTally {
        let statements = Self.tallyStatements([.text(ownerID), .text(kind.rawValue)], in: interval)
        switch statements.count {
        case 0: return DoseTally(count: 0, units: 0)
        case 1: return try Self.tally(of: [try database.query(statements[0].sql, statements[0].arguments)])
        default: return try Self.tally(of: try database.readTogether(statements))
        }
    }

    /// How a count over an interval splits: the whole quarters `first..<end` from the tallies,
    /// the doses of `lower..<headEnd` and `tailStart..<upper` from the doses. An interval with no
    /// whole quarter is all head; an empty one, or one whose bounds are not milliseconds, all empty.
    struct TallyBounds {
        var lower: Int64 = 0, upper: Int64 = 0, first: Int64 = 0, end: Int64 = 0, headEnd: Int64 = 0, tailStart: Int64 = 0

        var hasQuarters: Bool { first < end }
        /// Whether part-quarters at either end are counted from the doses.
        var hasEdges: Bool { lower < headEnd || tailStart < upper }
        /// `first`, `end`, `headEnd`, `tailStart`: the status statement's ?7 to ?10.
        var arguments: [SQLValue] { [.integer(first), .integer(end), .integer(headEnd), .integer(tailStart)] }
    }

    static func tallyBounds(_ interval: Range<Date>) -> TallyBounds {
        guard case .integer(let lower) = interval.lowerBound.sqlValue, case .integer(let upper) = interval.upperBound.sqlValue,
              lower < upper else { return TallyBounds() }
        let first = floorDiv(lower + quarter - 1, quarter), end = floorDiv(upper, quarter)
        guard first < end else { return TallyBounds(lower: lower, upper: upper, headEnd: upper, tailStart: upper) }
        return TallyBounds(lower: lower, upper: upper, first: first, end: end, headEnd: first * quarter, tailStart: end * quarter)
    }

    /// The statements that count a kind's doses in `interval` (none for an empty one), as
    /// `tallyBounds` splits it.
    static func tallyStatements(_ key: [SQLValue], in interval: Range<Date>) -> [SQLStatement] {
        let bounds = tallyBounds(interval)
        guard bounds.lower < bounds.upper else { return [] }
        guard bounds.hasQuarters else { return [SQLStatement(dosesTally, key + [.integer(bounds.lower), .integer(bounds.upper)])] }
        return [SQLStatement(quartersTally, key + [.integer(bounds.first), .integer(bounds.end)]),
                SQLStatement(dosesTally, key + [.integer(bounds.lower), .integer(bounds.headEnd)]),
                SQLStatement(dosesTally, key + [.integer(bounds.tailStart), .integer(bounds.upper)])]
    }

    /// The answers of `tallyStatements` added up.
    static func tally(of answers: some Collection<[Row]>) throws -> DoseTally {
        var count = 0.0, units = 0.0
        for row in answers.compactMap(\.first) {
            let rowCount: Double? = try row.get("count"), rowUnits: Double? = try row.get("units")
            count += rowCount ?? 0
            units += rowUnits ?? 0
        }
        guard answers.count > 1 else { return DoseTally(count: Int(count), units: units) }
        // Sums kept by adding and taking away: units come in steps of 0.5, rounding only hides
        // what a float would add to a value that is not.
        return DoseTally(count: Int(count), units: (units * 1000).rounded() / 1000)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// `EXPLAIN QUERY PLAN` of each status read and of the status's one statement (each line of
    /// its plan that reads a table), for the test that keeps them on an index.
    func statusQueryPlans(ownerID: String, at date: Date) throws -> [String] {
        let key: [SQLValue] = [.text(ownerID), .text(InsulinKind.rapid.rawValue)]
        let day = date.addingTimeInterval(-86_400)..<date
        let range: [SQLValue] = [day.lowerBound.sqlValue, day.upperBound.sqlValue]
        let status: [SQLValue] = [.text(ownerID), .text(InsulinKind.long.rawValue), .text(InsulinKind.rapid.rawValue)] + range
            + [date.sqlValue] + Self.tallyBounds(day).arguments
        let reads = [(Self.latestAtOrBefore, key + [date.sqlValue]), (Self.latestInInterval, key + range),
                     (Self.quartersTally, key + [.integer(0), .integer(96)]), (Self.dosesTally, key + range)]
        let plans = try reads.map { sql, arguments in
            try database.query("EXPLAIN QUERY PLAN " + sql, arguments).map { try $0.get("detail", as: String.self) }
                .joined(separator: "; ")
        }
        let statusPlan = try database.query("EXPLAIN QUERY PLAN " + Self.statusReadWithSettingsAndEdges, status)
            .map { try $0.get("detail", as: String.self) }
            .filter { $0.contains("insulin_") }
        return plans + statusPlan
    }

    public func earliestTakenAt(ownerID: String) throws -> Date? {
        try database.queryOne(
            "SELECT MIN(taken_at) AS first FROM insulin_doses WHERE owner_id = ? AND deleted_at IS NULL",
            [.text(ownerID)])?.get("first", as: Date?.self)
    }

    static func decode(_ row: Row) throws -> Dose {
        let kindText: String = try row.get("kind")
        guard let kind = InsulinKind(rawValue: kindText) else {
            throw AppError(.internalFailure, code: "database_error", "unknown insulin kind '\(kindText)' in the database")
        }
        return Dose(
            id: try row.get("id"), ownerID: try row.get("owner_id"), kind: kind, units: try row.get("units"),
            takenAt: try row.get("taken_at"), note: try row.get("note"), createdAt: try row.get("created_at"),
            updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }
}
