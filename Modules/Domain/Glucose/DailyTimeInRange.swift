import FoundationEssentials
import Core

/// Time in range (70–180 mg/dL) day by day, for `tend insulin calendar`: each day's share is
/// `GlucoseReport`'s `inRange` band over that day's sensor readings, and a day runs from midnight
/// to midnight in the person's time zone — exactly what `tend glucose report` (and a bare
/// `tend glucose` for today) counts, so the figures agree. A day without readings has none.
public struct DailyTimeInRange: Sendable {
    let documents: any NightscoutDocumentRepository

    public init(documents: any NightscoutDocumentRepository) {
        self.documents = documents
    }

    /// Percentages (to one decimal) by day, for the days `first...last` that have readings.
    public func callAsFunction(ownerID: String, from first: LocalDate, through last: LocalDate,
                               zone: TimeZone) throws -> [LocalDate: Double] {
        guard first <= last else { return [:] }
        let span = zone.instant(of: first, minutes: 0)..<zone.instant(of: last.adding(days: 1), minutes: 0)
        // One read for the whole span, then grouped: a month is about 9,000 readings.
        let byDay = Dictionary(grouping: try documents.sensorReadings(ownerID: ownerID, in: span)) { zone.localDate(of: $0.time) }
        var result: [LocalDate: Double] = [:]
        for (day, readings) in byDay {
            let bounds = zone.instant(of: day, minutes: 0)..<zone.instant(of: day.adding(days: 1), minutes: 0)
            if let inRange = GlucoseReport.make(readings: readings, span: bounds, zone: zone).bands?.inRange {
                result[day] = inRange
            }
        }
        return result
    }
}
