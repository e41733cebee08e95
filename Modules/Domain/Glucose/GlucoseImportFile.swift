import FoundationEssentials
import Core

/// What an export file holds once read: readings in mg/dL and insulin doses, each with the line
/// it came from. Times are wall-clock times of the person's zone (the exports write no offset).
public struct GlucoseImportFile: Sendable, Equatable {
    public enum Format: String, Sendable, Codable {
        case libreView = "libreview"
        case clarity = "dexcom_clarity"
        case nightscout = "nightscout_entries"
    }

    public struct Reading: Sendable, Equatable {
        public let line: Int
        public let time: Date
        public let mgdl: Double
        /// `sgv` for a sensor value, `mbg` for a meter's (a LibreView strip, a Clarity calibration).
        public let type: String
        /// Which record it was in the export (`historic`, `scan`, `strip`, `egv`, `calibration`).
        public let record: String
        public let device: String?
    }

    public struct InsulinRecord: Sendable, Equatable {
        public let line: Int
        public let time: Date
        public let kind: InsulinKind
        public let units: Double
    }

    public var format: Format
    public var unit: GlucoseUnit
    /// How the file wrote its dates (`day-first`, `month-first`, `year-first`).
    public var dateOrder: String
    public var readings: [Reading]
    public var insulin: [InsulinRecord]
    /// A Nightscout file's entries as they came, stored as the API stores uploads.
    public var documents: [DocumentValue] = []

    /// Reads a file of any of the three forms, found by its first lines. A file in none of them
    /// is refused, naming its first line.
    public static func read(_ data: Data, timeZone: TimeZone, dateOrder: WallTime.Order? = nil) throws -> GlucoseImportFile {
        let head = String(decoding: data.prefix(4096), as: UTF8.self).trimmingPrefixBOM
        if head.drop(while: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).first == "[" {
            return try NightscoutEntriesFile.read(data)
        }
        let csv = try GlucoseCSV(data)
        if let first = csv.records.first, first.fields.first == "Index", first.fields.count > 2,
           first.fields[1].hasPrefix("Timestamp") {
            return try ClarityFile.read(csv, timeZone: timeZone)
        }
        if let header = csv.records.prefix(3).first(where: { $0.fields.starts(with: ["Device", "Serial Number", "Device Timestamp"]) }) {
            return try LibreViewFile.read(csv, header: header, timeZone: timeZone, order: dateOrder)
        }
        throw GlucoseImport.refusal(line: csv.records.first?.line ?? 1,
                                    "this is not a LibreView or Dexcom Clarity CSV export, nor Nightscout entries JSON",
                                    code: "unknown_format")
    }

    /// A glucose value as written: a number in the file's unit, or Dexcom's and Libre's words
    /// for out of range ("Low"/"LO" is 40 mg/dL, "High" 400 and Libre's "HI" 500).
    static func glucose(_ text: String, unit: GlucoseUnit, line: Int, field: String) throws -> Double {
        let value = text.trimmed
        switch value.lowercased() {
        case "low", "lo": return GlucoseRange.cgmLow
        case "high": return GlucoseRange.cgmHigh
        case "hi": return 500
        default: break
        }
        guard let number = Double(value.replacing(",", with: ".")), number.isFinite else {
            throw GlucoseImport.refusal(line: line, "\(field) is not a glucose value (got \(value.printable))", code: "invalid_glucose")
        }
        let mgdl = (unit.mgdl(of: number) * 10).rounded() / 10
        guard GlucoseRange.plausible.contains(mgdl) else {
            throw GlucoseImport.refusal(line: line, "\(field) \(value) \(unit.rawValue) is outside 10–600 mg/dL "
                                        + "(a value of the other unit?)", code: "invalid_glucose")
        }
        return mgdl
    }

    static func units(_ text: String, line: Int, field: String) throws -> Double {
        guard let number = Double(text.trimmed.replacing(",", with: ".")), number.isFinite, number > 0,
              number <= DoseRules.maximumUnits else {
            throw GlucoseImport.refusal(line: line, "\(field) must be more than 0 and at most 100 units (got \(text.printable))",
                                        code: "invalid_units")
        }
        return (number * 100).rounded() / 100
    }
}

extension String {
    var trimmingPrefixBOM: String { hasPrefix("\u{FEFF}") ? String(dropFirst()) : self }
}
