import FoundationEssentials
import Core
import Domain

extension SQLiteDoseRepository {
    /// The status's reads in one read transaction and one `queries` call: on PostgreSQL one
    /// round trip (its BEGIN included) instead of six; on SQLite the same statements one after
    /// another, as the four calls would run them.
    public func statusReads(ownerID: String, day: Range<Date>, horizon: Date) throws -> DoseStatusReads {
        let long: [SQLValue] = [.text(ownerID), .text(InsulinKind.long.rawValue)]
        let rapid: [SQLValue] = [.text(ownerID), .text(InsulinKind.rapid.rawValue)]
        let latest = [
            SQLStatement(Self.latestInInterval, long + [day.lowerBound.sqlValue, day.upperBound.sqlValue]),
            SQLStatement(Self.latestAtOrBefore, long + [horizon.sqlValue]),
            SQLStatement(Self.latestAtOrBefore, rapid + [horizon.sqlValue]),
        ]
        let tally = Self.tallyStatements(rapid, in: day)
        let answers = try database.read { try database.queries(latest + tally) }
        return DoseStatusReads(
            longToday: try answers[0].first.map(Self.decode),
            lastLong: try answers[1].first.map(Self.decode),
            lastRapid: try answers[2].first.map(Self.decode),
            rapidToday: try Self.tally(of: answers.dropFirst(latest.count)))
    }
}
