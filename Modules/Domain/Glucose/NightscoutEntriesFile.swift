import FoundationEssentials
import Core

/// A Nightscout entries JSON file (what `/api/v1/entries.json` answers, or a site's backup):
/// an array of entries, each read as the API reads an uploaded one. The "line" of a refusal is
/// the entry's place in the array, counted from 1.
enum NightscoutEntriesFile {
    static func read(_ data: Data) throws -> GlucoseImportFile {
        guard case .array(let items) = try DocumentValue.parse(data) else {
            throw GlucoseImport.refusal(line: 1, "a Nightscout entries file is a JSON array", code: "unknown_format")
        }
        var file = GlucoseImportFile(format: .nightscout, unit: .mgdl, dateOrder: "epoch", readings: [], insulin: [])
        file.documents = items
        for (index, item) in items.enumerated() {
            do {
                guard case .object = item else { throw AppError.invalidInput("not a JSON object", code: "invalid_entry") }
                let time = try NightscoutDocuments.entryTime(item)
                guard let mgdl = try NightscoutDocuments.entryGlucose(item) else { continue } // calibrations
                guard item["type"]?.string != nil || item["sgv"] != nil || item["mbg"] != nil else {
                    throw AppError.invalidInput("an entry needs its type", code: "invalid_entry")
                }
                file.readings.append(.init(line: index + 1, time: time, mgdl: mgdl, type: item["mbg"] != nil ? "mbg" : "sgv",
                                           record: item["type"]?.string ?? "sgv", device: item["device"]?.string))
            } catch let error as AppError {
                throw GlucoseImport.refusal(line: nil, "entry \(index + 1): \(error.message)", code: error.code)
            }
        }
        return file
    }
}
