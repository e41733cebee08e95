import FoundationEssentials
import Core
import Domain

extension SQLiteDoseRepository {
    /// The status's reads in one read transaction (`readTogether`): on PostgreSQL one round trip,
    /// its BEGIN and COMMIT included, instead of six; on SQLite the same statements one after
    /// another, as the four calls would run them.
    public func statusReads(ownerID: String, day: Range<Date>, horizon: Date) throws -> DoseStatusReads {
        try statusReads(ownerID: ownerID, day: day, horizon: horizon, withSettings: false).reads
    }

    /// The settings' statement first in the same `queries` call: on PostgreSQL still one round trip.
    public func statusReadsWithSettings(ownerID: String, day: Range<Date>, horizon: Date) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads) {
        try statusReads(ownerID: ownerID, day: day, horizon: horizon, withSettings: true)
    }

    private func statusReads(ownerID: String, day: Range<Date>, horizon: Date, withSettings: Bool) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads) {
        let long: [SQLValue] = [.text(ownerID), .text(InsulinKind.long.rawValue)]
        let rapid: [SQLValue] = [.text(ownerID), .text(InsulinKind.rapid.rawValue)]
        let latest = [
            SQLStatement(Self.latestInInterval, long + [day.lowerBound.sqlValue, day.upperBound.sqlValue]),
            SQLStatement(Self.latestAtOrBefore, long + [horizon.sqlValue]),
            SQLStatement(Self.latestAtOrBefore, rapid + [horizon.sqlValue]),
        ]
        let tally = Self.tallyStatements(rapid, in: day)
        let settings = withSettings ? [SQLStatement(SQLiteInsulinSettingsRepository.current, [.text(ownerID)])] : []
        let all = try database.readTogether(settings + latest + tally)
        let answers = all.dropFirst(settings.count)
        let reads = DoseStatusReads(
            longToday: try answers[answers.startIndex].first.map(Self.decode),
            lastLong: try answers[answers.startIndex + 1].first.map(Self.decode),
            lastRapid: try answers[answers.startIndex + 2].first.map(Self.decode),
            rapidToday: try Self.tally(of: answers.dropFirst(latest.count)))
        return (try withSettings ? all[0].first.map(SQLiteInsulinSettingsRepository.decode) : nil, reads)
    }
}
