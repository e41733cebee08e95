import FoundationEssentials
import Core
import Domain

extension ArchiveExporter {
    // MARK: - couple/ (the server's export)

    static let coupleTables = ["couple_moods", "couple_events", "couple_care", "couple_meetings", "couple_photos"]

    /// `couple/<table>.json`: the rows the account authored, every column, keys sorted; then the
    /// stored bytes of each of its photos as `couple/photos/<id>.<format>`, one photo in memory
    /// at a time.
    func writeCouple(photo: (String) throws -> Data?) throws {
        for name in Self.coupleTables {
            try zip.addStreamed("couple/\(name.dropFirst("couple_".count)).json") { out in
                var array = ExportJSON.ArrayWriter(out)
                try pages("*", from: name, where: "author_id = ?", [.text(ownerID)], keys: [("id", "id")]) { rows in
                    for row in rows {
                        let keys = row.columns.enumerated().sorted { $0.element < $1.element }
                        try array.append(ExportJSON.object(keys.map { ($0.element, ExportJSON.value(row.values[$0.offset])) }))
                        advance(1)
                    }
                }
                try array.close()
            }
        }
        try pages("id, format, sha256", from: "couple_photos", where: "author_id = ? AND deleted_at IS NULL", [.text(ownerID)],
                  keys: [("id", "id")]) { rows in
            for row in rows {
                let format = row["format"].textValue.filter { $0.isLetter || $0.isNumber }
                guard let bytes = try photo(row["sha256"].textValue) else { continue }
                try zip.add("couple/photos/\(row["id"].textValue).\(format.isEmpty ? "bin" : format)", bytes)
            }
        }
    }
}
