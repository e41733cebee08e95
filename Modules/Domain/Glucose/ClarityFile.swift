import FoundationEssentials
import Core

/// Dexcom Clarity's "Export" CSV. The header is `Index, Timestamp (YYYY-MM-DDThh:mm:ss), Event
/// Type, Event Subtype, Patient Info, Device Info, Source Device ID, Glucose Value (mg/dL) (or
/// mmol/L), Insulin Value (u), Carb Value (grams), Duration (hh:mm:ss), Glucose Rate of Change
/// (…/min), Transmitter Time (Long Integer), Transmitter ID`; then rows without a timestamp for
/// the patient (FirstName, LastName, DateOfBirth), the devices and the alert settings; then the
/// events: `EGV` readings ("High" above 400 mg/dL, "Low" under 40), `Calibration` (a meter),
/// `Insulin` with subtype `Fast-Acting` or `Long-Acting`, and carbs, exercise and health
/// events, which are not read. Learnt from public parsers and exports (Dexcom does not document it).
enum ClarityFile {
    static func read(_ csv: GlucoseCSV, timeZone: TimeZone) throws -> GlucoseImportFile {
        let header = csv.records[0]
        let names = header.fields.map { $0.trimmed }
        func column(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        guard let glucose = column("Glucose Value ("), let event = column("Event Type") else {
            throw GlucoseImport.refusal(line: header.line, "the header has no Glucose Value or Event Type column", code: "unknown_format")
        }
        let unit: GlucoseUnit = names[glucose].contains("mmol") ? .mmol : .mgdl
        let time = 1, subtype = column("Event Subtype"), insulin = column("Insulin Value"), device = column("Source Device ID")
        var file = GlucoseImportFile(format: .clarity, unit: unit, dateOrder: WallTime.Order.yearFirst.rawValue, readings: [], insulin: [])
        for row in csv.records.dropFirst() {
            func value(_ index: Int?) -> String { index.map { $0 < row.fields.count ? row.fields[$0].trimmed : "" } ?? "" }
            let type = value(event)
            let stamp = value(time)
            // The patient, device and alert rows carry no timestamp.
            if stamp.isEmpty, !["EGV", "Calibration", "Insulin"].contains(type) { continue }
            guard !type.isEmpty else {
                throw GlucoseImport.refusal(line: row.line, "a row with a timestamp but no Event Type", code: "invalid_record")
            }
            guard ["EGV", "Calibration", "Insulin"].contains(type) else { continue } // carbs, exercise, health, alerts
            guard let parts = WallTime.parts(stamp), parts.yearFirst,
                  let instant = WallTime.instant(parts, order: .yearFirst, zone: timeZone) else {
                throw GlucoseImport.refusal(line: row.line, "the Timestamp \(stamp.printable) is not a date and time "
                                            + "\(PlausibleTime.span) (YYYY-MM-DDThh:mm:ss)", code: "invalid_date")
            }
            switch type {
            case "EGV", "Calibration":
                let text = value(glucose)
                guard !text.isEmpty else {
                    throw GlucoseImport.refusal(line: row.line, "an \(type) row without its Glucose Value", code: "missing_value")
                }
                file.readings.append(.init(
                    line: row.line, time: instant,
                    mgdl: try GlucoseImportFile.glucose(text, unit: unit, line: row.line, field: "Glucose Value"),
                    type: type == "EGV" ? "sgv" : "mbg", record: type == "EGV" ? "egv" : "calibration", device: value(device).nilIfBlank))
            default:
                let kind: InsulinKind
                switch value(subtype) {
                case "Fast-Acting": kind = .rapid
                case "Long-Acting": kind = .long
                default:
                    throw GlucoseImport.refusal(line: row.line, "an Insulin row's subtype must be Fast-Acting or Long-Acting "
                                                + "(got \(value(subtype).printable))", code: "invalid_record")
                }
                file.insulin.append(.init(line: row.line, time: instant, kind: kind,
                                          units: try GlucoseImportFile.units(value(insulin), line: row.line, field: "Insulin Value")))
            }
        }
        return file
    }
}
