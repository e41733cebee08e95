import FoundationEssentials
import Core

/// `tend glucose import FILE`: the readings (and the insulin) of a LibreView or Dexcom Clarity
/// export, or a Nightscout entries file, into the person's log in one transaction: a refused
/// line leaves nothing half imported, and importing a file again adds nothing (a reading is
/// the one of its time and type, a dose the one of its time, kind and units).
public struct GlucoseImport: Sendable {
    public struct Summary: Sendable, Equatable {
        public let format: GlucoseImportFile.Format
        public let unit: GlucoseUnit
        public let dateOrder: String
        public let readings: Int
        public let readingsAdded: Int
        public let doses: Int
        public let dosesAdded: Int
        public let first: Date?
        public let last: Date?
    }

    let entries: NightscoutEntries
    let treatments: NightscoutTreatments
    let doses: any DoseRepository
    let settings: InsulinSettingsService
    let transactor: any Transactor
    let clock: any Clock
    let events: any DomainEventSink

    public init(nightscout: NightscoutUseCases, doses: any DoseRepository, settings: InsulinSettingsService, transactor: any Transactor,
                clock: any Clock, events: any DomainEventSink) {
        entries = nightscout.entries
        treatments = nightscout.treatments
        self.doses = doses
        self.settings = settings
        self.transactor = transactor
        self.clock = clock
        self.events = events
    }

    /// A refusal that names the line of the file (`line 12: …`).
    static func refusal(line: Int?, _ message: String, code: String) -> AppError {
        AppError.invalidInput((line.map { "line \($0): " } ?? "") + message, code: code).with(line.map { ["line": "\($0)"] } ?? [:])
    }

    public func callAsFunction(ownerID: String, data: Data, dateOrder: WallTime.Order? = nil) throws -> Summary {
        let settings = try settings.current(ownerID: ownerID)
        let file = try GlucoseImportFile.read(data, timeZone: settings.timeZone, dateOrder: dateOrder)
        let source = file.format.rawValue
        let documents: [DocumentValue] = file.format == .nightscout ? file.documents : file.readings.map { reading in
            let mgdl = reading.mgdl.rounded()
            var fields: [String: DocumentValue] = [
                "type": .string(reading.type), reading.type: .number(mgdl),
                "date": .number(NightscoutDocuments.milliseconds(reading.time)),
                "dateString": .string(NightscoutDocuments.isoUTC(reading.time)),
                "device": .string(([file.format == .libreView ? "LibreView" : "Dexcom Clarity"] + [reading.device].compactMap { $0 })
                    .joined(separator: " · ")),
            ]
            fields["record"] = .string(reading.record)
            return .object(fields)
        }
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            let added = try entries.post(documents, ownerID: ownerID, source: source).added
            var dosesAdded = 0
            let now = clock.now
            for record in file.insulin {
                let same = try doses.doses(ownerID: ownerID, kind: record.kind, in: record.time..<record.time.addingTimeInterval(0.001))
                    .contains { abs($0.units - record.units) < 0.005 }
                guard !same else { continue }
                let dose = Dose(id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: record.kind, units: record.units,
                                takenAt: record.time, note: file.format == .libreView ? "LibreView" : "Dexcom Clarity",
                                createdAt: now, updatedAt: now)
                try treatments.warnIfDouble(dose, settings: settings, excluding: [])
                try doses.insert(dose)
                dosesAdded += 1
            }
            let times = file.readings.map(\.time)
            return Summary(format: file.format, unit: file.unit, dateOrder: file.dateOrder, readings: file.readings.count,
                           readingsAdded: added, doses: file.insulin.count, dosesAdded: dosesAdded, first: times.min(),
                           last: times.max())
        }
    }
}
