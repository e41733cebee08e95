import FoundationEssentials
import Core

/// Glucose in Tend, built once by the container: imports of the exports people have, and what
/// the doses did.
public struct GlucoseUseCases: Sendable {
    public let clock: any Clock
    public let importFile: GlucoseImport
    let nightscout: NightscoutUseCases
    let documents: any NightscoutDocumentRepository
    let doses: any DoseRepository
    let settings: InsulinSettingsService

    public init(nightscout: NightscoutUseCases, documents: any NightscoutDocumentRepository, doses: any DoseRepository,
                settings: InsulinSettingsService, transactor: any Transactor, clock: any Clock, events: any DomainEventSink) {
        self.clock = clock
        self.nightscout = nightscout
        self.documents = documents
        self.doses = doses
        self.settings = settings
        importFile = GlucoseImport(nightscout: nightscout, doses: doses, settings: settings, transactor: transactor, clock: clock,
                                   events: events)
    }

    public func unit(ownerID: String) throws -> GlucoseUnit { try nightscout.unit(ownerID: ownerID) }
    public func setUnit(_ unit: GlucoseUnit, ownerID: String) throws { try nightscout.setUnit(unit, ownerID: ownerID) }
    public func insulinSettings(ownerID: String) throws -> InsulinSettings { try settings.current(ownerID: ownerID) }

    /// The consensus summary and the glucose profile of the last `days` days (today included),
    /// from sensor readings (meter readings are not part of it).
    public func report(ownerID: String, days: Int) throws -> (report: GlucoseReport, first: LocalDate, last: LocalDate) {
        guard (1...366).contains(days) else {
            throw AppError.invalidInput("--days must be from 1 to 366", code: "invalid_days")
        }
        let zone = try settings.current(ownerID: ownerID).timeZone
        let last = zone.localDate(of: clock.now)
        let first = last.adding(days: -(days - 1))
        let span = zone.instant(of: first, minutes: 0)..<zone.instant(of: last.adding(days: 1), minutes: 0)
        let readings = try documents.sensorReadings(ownerID: ownerID, in: span)
        return (GlucoseReport.make(readings: readings, span: span.lowerBound..<min(span.upperBound, clock.now), zone: zone), first, last)
    }

    /// What the doses of the last `days` insulin days (today included) did.
    public func doseEffects(ownerID: String, days: Int) throws -> (report: DoseEffects, first: LocalDate, last: LocalDate) {
        guard (1...366).contains(days) else {
            throw AppError.invalidInput("--days must be from 1 to 366", code: "invalid_days")
        }
        let settings = try settings.current(ownerID: ownerID)
        let calendar = settings.insulinDays
        let last = calendar.day(of: clock.now)
        let first = last.adding(days: -(days - 1))
        let span = calendar.interval(from: first, through: last)
        let doses = try doses.doses(ownerID: ownerID, kind: nil, in: span)
        // The night and the morning after the last day's dose, and the 15 minutes before the first.
        let readings = try documents.readings(ownerID: ownerID,
                                              in: span.lowerBound.addingTimeInterval(-900)..<span.upperBound.addingTimeInterval(10 * 3600))
        return (DoseEffects.make(doses: doses, readings: readings, settings: settings), first, last)
    }
}
