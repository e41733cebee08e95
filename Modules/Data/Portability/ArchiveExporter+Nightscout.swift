import FoundationEssentials
import Core
import Domain

extension ArchiveExporter {
    // MARK: - nightscout/treatments.json

    /// Rapid-acting doses as `Correction Bolus` with `insulin` (Nightscout counts them in insulin
    /// on board); long-acting doses as a `Note` without `insulin` (Nightscout has no basal
    /// injection type, and a bolus would be counted as rapid insulin on board). Both carry
    /// xDrip+'s `insulinInjections` (a JSON text of `[{"insulin": name, "units": u}]`), which
    /// tells the insulins apart.
    func writeNightscout(zone: TimeZone) throws {
        let settings = try insulinSettings()
        try zip.addStreamed("nightscout/treatments.json") { out in
            var array = ExportJSON.ArrayWriter(out)
            try livePages("id, taken_at, kind, units, note", from: "insulin_doses", keys: ["taken_at", "id"]) { rows in
                for row in rows { try array.append(Self.treatment(row, settings: settings, zone: zone)) }
            }
            try array.close()
        }
    }

    static func treatment(_ row: Row, settings: Row?, zone: TimeZone) -> String {
        let isLong = row["kind"].textValue == "long"
        let units = ExportJSON.value(.real(Double(sqlValue: row["units"]) ?? 0))
        let fallback = isLong ? "long-acting" : "rapid-acting"
        let name = settings.map { $0[isLong ? "long_name" : "rapid_name"].textValue }.flatMap(\.nilIfBlank) ?? fallback
        let milliseconds = row["taken_at"].intValue
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let injections = "[" + ExportJSON.object([("insulin", name.jsonQuoted), ("units", units)]) + "]"
        let note = row["note"].textValue.nilIfBlank
        var pairs: [(key: String, json: String)] = [
            ("created_at", nightscoutTime(milliseconds).jsonQuoted), ("enteredBy", "\"tend\""),
            ("eventType", (isLong ? "Note" : "Correction Bolus").jsonQuoted), ("identifier", row["id"].textValue.jsonQuoted),
        ]
        if !isLong { pairs.append(("insulin", units)) }
        pairs.append(("insulinInjections", injections.jsonQuoted))
        let notes = isLong ? "Long-acting insulin: \(name) \(CSVTable.number(row["units"])) U" + (note.map { " — \($0)" } ?? "") : note
        if let notes { pairs.append(("notes", notes.jsonQuoted)) }
        pairs.append(("utcOffset", String(zone.secondsFromGMT(for: date) / 60)))
        return ExportJSON.object(pairs)
    }

    /// `2024-03-01T08:00:00.000Z`, as Nightscout writes `created_at`.
    static func nightscoutTime(_ milliseconds: Int64) -> String {
        let seconds = Int64((Double(milliseconds) / 1000).rounded(.down))
        let fraction = Int(milliseconds - seconds * 1000)
        let text = ISO8601.format(Date(timeIntervalSince1970: Double(seconds)), in: .gmt)
        return String(text.dropLast()) + "." + Self.pad(fraction, 3) + "Z"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
