import FoundationEssentials
import Core
import Domain

extension ArchiveExporter {
    // MARK: - csv/glucose.csv

    /// The live readings by time: the instant in UTC and in the person's zone, the value in both
    /// units (mg/dL as stored; mmol/L to 0.1 as a meter shows it), the entry type (`sgv` from a
    /// sensor, `mbg` from a finger stick), where it came from and the device the document names.
    func writeGlucoseCSV(zone: TimeZone) throws {
        try csv("glucose.csv", header: ["id", "time_utc", "time_local", "mg_dl", "mmol_l", "type", "source", "device"]) { out in
            try livePages("id, date, type, mgdl, source, document", from: "glucose_readings", keys: ["date", "id"]) { rows in
                for row in rows {
                    let mgdl = Double(sqlValue: row["mgdl"])
                    let device = (try? DocumentValue.parse(row["document"].textValue))?["device"]?.string
                    try out.write(CSVTable.line([
                        CSVTable.text(row["id"]), CSVTable.time(row["date"], zone: .gmt), CSVTable.time(row["date"], zone: zone),
                        CSVTable.number(row["mgdl"]), mgdl.map { GlucoseUnit.mmol.format(mgdl: $0) } ?? "",
                        CSVTable.text(row["type"]), CSVTable.text(row["source"]), device.map { CSVTable.text(.text($0)) } ?? "",
                    ]))
                }
            }
        }
    }

    // MARK: - nightscout/entries.json, devicestatus.json, uploaded-treatments.json

    /// The documents as Tend keeps them, each as `/api/v1` answers it, oldest first: the live
    /// readings as a Nightscout entries file (which `tend glucose import` reads back), and the
    /// treatments and device statuses clients uploaded, every field they sent. (Treatments
    /// whose insulin became doses are in `treatments.json` as those doses too.)
    func writeNightscoutDocuments() throws {
        try documents("nightscout/entries.json", from: "glucose_readings", time: "date", where: "", [])
        try documents("nightscout/devicestatus.json", from: "nightscout_documents", time: "occurred_at", where: " AND collection = ?",
                      [.text(NightscoutCollection.devicestatus.rawValue)])
        try documents("nightscout/uploaded-treatments.json", from: "nightscout_documents", time: "occurred_at",
                      where: " AND collection = ?", [.text(NightscoutCollection.treatments.rawValue)])
    }

    private func documents(_ name: String, from table: String, time: String, where condition: String, _ arguments: [SQLValue]) throws {
        try zip.addStreamed(name) { out in
            var array = ExportJSON.ArrayWriter(out)
            try pages("id, \(time), document", from: table, where: "owner_id = ? AND deleted_at IS NULL" + condition,
                      [.text(ownerID)] + arguments, keys: [(time, time), ("id", "id")]) { rows in
                // Stored as serialized JSON text: written as it is, so the bytes are the API's.
                for row in rows { try array.append(row["document"].textValue) }
            }
            try array.close()
        }
    }
}
