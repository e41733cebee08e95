import FoundationEssentials
import Core
import Domain

/// The Nightscout collections: entries in `glucose_readings` (the value in mg/dL beside the
/// document), treatments and device statuses in `nightscout_documents`. Reads go by the
/// owner's time index and return the stored JSON text, which a page is made of as it is.
public struct SQLiteNightscoutDocumentRepository: NightscoutDocumentRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ document: NightscoutDocument) throws {
        if document.collection == .entries {
            try database.execute(
                """
                INSERT INTO glucose_readings (id, owner_id, ns_id, date, type, mgdl, source, document, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(document.id), .text(document.ownerID), .text(document.nsID), document.time.sqlValue,
                 .text(document.type ?? "sgv"), document.mgdl.sqlValue, .text(document.source), .text(document.json),
                 document.createdAt.sqlValue, document.updatedAt.sqlValue])
        } else {
            try database.execute(
                """
                INSERT INTO nightscout_documents (id, owner_id, collection, ns_id, occurred_at, type, identifier, source, document,
                    dose_ids, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(document.id), .text(document.ownerID), .text(document.collection.rawValue), .text(document.nsID),
                 document.time.sqlValue, document.type.sqlValue, document.identifier.sqlValue, .text(document.source),
                 .text(document.json), .text(Self.idList(document.doseIDs)), document.createdAt.sqlValue, document.updatedAt.sqlValue])
        }
    }

    public func update(_ document: NightscoutDocument) throws {
        if document.collection == .entries {
            try database.execute(
                "UPDATE glucose_readings SET date = ?, type = ?, mgdl = ?, document = ?, updated_at = ? WHERE id = ? AND owner_id = ?",
                [document.time.sqlValue, .text(document.type ?? "sgv"), document.mgdl.sqlValue, .text(document.json),
                 document.updatedAt.sqlValue, .text(document.id), .text(document.ownerID)])
        } else {
            try database.execute(
                """
                UPDATE nightscout_documents SET occurred_at = ?, type = ?, identifier = ?, document = ?, dose_ids = ?, updated_at = ?
                WHERE id = ? AND owner_id = ?
                """,
                [document.time.sqlValue, document.type.sqlValue, document.identifier.sqlValue, .text(document.json),
                 .text(Self.idList(document.doseIDs)), document.updatedAt.sqlValue, .text(document.id), .text(document.ownerID)])
        }
    }

    public func delete(ids: [String], ownerID: String, collection: NightscoutCollection, at date: Date) throws {
        let table = collection == .entries ? "glucose_readings" : "nightscout_documents"
        try database.write {
            for id in ids {
                try database.execute("UPDATE \(table) SET deleted_at = ?, updated_at = ? WHERE id = ? AND owner_id = ?",
                                     [date.sqlValue, date.sqlValue, .text(id), .text(ownerID)])
            }
        }
    }

    public func document(nsID: String, ownerID: String, collection: NightscoutCollection) throws -> NightscoutDocument? {
        if collection == .entries {
            return try database.queryOne(
                "SELECT * FROM glucose_readings WHERE owner_id = ? AND ns_id = ? AND deleted_at IS NULL LIMIT 1",
                [.text(ownerID), .text(nsID)]).map(decodeEntry)
        }
        return try database.queryOne(
            """
            SELECT * FROM nightscout_documents WHERE owner_id = ? AND collection = ? AND ns_id = ? AND deleted_at IS NULL LIMIT 1
            """, [.text(ownerID), .text(collection.rawValue), .text(nsID)]).map(decodeDocument)
    }

    public func document(identifier: String, ownerID: String, collection: NightscoutCollection) throws -> NightscoutDocument? {
        guard collection != .entries else { return nil }
        return try database.queryOne(
            """
            SELECT * FROM nightscout_documents
            WHERE owner_id = ? AND identifier = ? AND collection = ? AND deleted_at IS NULL LIMIT 1
            """, [.text(ownerID), .text(identifier), .text(collection.rawValue)]).map(decodeDocument)
    }

    public func documents(at time: Date, type: String?, ownerID: String, collection: NightscoutCollection) throws -> [NightscoutDocument] {
        try documents(ownerID: ownerID, collection: collection, in: time..<time.addingTimeInterval(0.001), type: type, limit: nil)
    }

    public func documents(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                          limit: Int?) throws -> [NightscoutDocument] {
        let bounds: [SQLValue] = [interval.map { $0.lowerBound.sqlValue } ?? .integer(.min),
                                  interval.map { $0.upperBound.sqlValue } ?? .integer(.max)]
        let typeValue: SQLValue = type.map { .text($0) } ?? .null
        // No limit as the largest one: LIMIT -1 means none to SQLite but is an error to PostgreSQL.
        let limitValue: SQLValue = .integer(Int64(limit ?? Int.max))
        if collection == .entries {
            return try database.query(
                """
                SELECT * FROM glucose_readings
                WHERE owner_id = ?1 AND deleted_at IS NULL AND date >= ?2 AND date < ?3 AND (CAST(?4 AS TEXT) IS NULL OR type = ?4)
                ORDER BY date DESC, id DESC LIMIT ?5
                """, [.text(ownerID)] + bounds + [typeValue, limitValue]).map(decodeEntry)
        }
        return try database.query(
            """
            SELECT * FROM nightscout_documents
            WHERE owner_id = ?1 AND collection = ?6 AND deleted_at IS NULL AND occurred_at >= ?2 AND occurred_at < ?3
              AND (CAST(?4 AS TEXT) IS NULL OR type = ?4)
            ORDER BY occurred_at DESC, id DESC LIMIT ?5
            """, [.text(ownerID)] + bounds + [typeValue, limitValue, .text(collection.rawValue)]).map(decodeDocument)
    }

    public func texts(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                      limit: Int?) throws -> [String] {
        let (sql, arguments) = Self.page(ownerID: ownerID, collection: collection, in: interval, type: type, limit: limit)
        return try database.query(sql, arguments).map { row in if case .text(let text) = row.values[0] { text } else { "null" } }
    }

    /// The page as `texts` reads it, its documents copied into the array by the engine.
    public func jsonArray(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                          limit: Int?) throws -> [UInt8] {
        let (sql, arguments) = Self.page(ownerID: ownerID, collection: collection, in: interval, type: type, limit: limit)
        return try database.jsonArray(sql, arguments)
    }

    private static func page(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                             limit: Int?) -> (String, [SQLValue]) {
        let arguments: [SQLValue] = [.text(ownerID), interval.map { $0.lowerBound.sqlValue } ?? .integer(.min),
                                     interval.map { $0.upperBound.sqlValue } ?? .integer(.max), type.map { .text($0) } ?? .null,
                                     .integer(Int64(limit ?? Int.max))]
        return collection == .entries
            ? (entriesPage, arguments)
            : (documentsPage, arguments + [.text(collection.rawValue)])
    }

    /// A page, newest first: a backward walk of the `…_id` index of 0017 that stops after
    /// `LIMIT` rows (ties in time by id, as the index orders them), no sort.
    static let entriesPage = """
        SELECT document FROM glucose_readings
        WHERE owner_id = ?1 AND deleted_at IS NULL AND date >= ?2 AND date < ?3 AND (CAST(?4 AS TEXT) IS NULL OR type = ?4)
        ORDER BY date DESC, id DESC LIMIT ?5
        """
    static let documentsPage = """
        SELECT document FROM nightscout_documents
        WHERE owner_id = ?1 AND collection = ?6 AND deleted_at IS NULL AND occurred_at >= ?2 AND occurred_at < ?3
          AND (CAST(?4 AS TEXT) IS NULL OR type = ?4)
        ORDER BY occurred_at DESC, id DESC LIMIT ?5
        """

    public func readings(ownerID: String, in interval: Range<Date>, type: String?) throws -> [GlucosePoint] {
        try database.query(
            """
            SELECT date, mgdl FROM glucose_readings
            WHERE owner_id = ?1 AND deleted_at IS NULL AND date >= ?2 AND date < ?3 AND mgdl IS NOT NULL AND (CAST(?4 AS TEXT) IS NULL OR type = ?4)
            ORDER BY date
            """, [.text(ownerID), interval.lowerBound.sqlValue, interval.upperBound.sqlValue, type.map { .text($0) } ?? .null]
        ).map { GlucosePoint(time: try $0.get("date"), mgdl: try $0.get("mgdl")) }
    }

    private func decodeEntry(_ row: Row) throws -> NightscoutDocument {
        NightscoutDocument(
            id: try row.get("id"), ownerID: try row.get("owner_id"), collection: .entries, nsID: try row.get("ns_id"),
            time: try row.get("date"), type: try row.get("type"), mgdl: try row.get("mgdl"), source: try row.get("source"),
            json: try row.get("document"), createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }

    private func decodeDocument(_ row: Row) throws -> NightscoutDocument {
        let ids: String = try row.get("dose_ids")
        return NightscoutDocument(
            id: try row.get("id"), ownerID: try row.get("owner_id"),
            collection: NightscoutCollection(rawValue: try row.get("collection")) ?? .treatments, nsID: try row.get("ns_id"),
            time: try row.get("occurred_at"), type: try row.get("type"), identifier: try row.get("identifier"),
            source: try row.get("source"), json: try row.get("document"), doseIDs: Self.ids(ids),
            createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }

    /// Dose ids as a JSON array of strings (UUIDs: nothing to escape).
    static func idList(_ ids: [String]) -> String { "[" + ids.map { $0.jsonQuoted }.joined(separator: ",") + "]" }

    static func ids(_ text: String) -> [String] {
        text.split(whereSeparator: { "[],\" ".contains($0) }).map(String.init)
    }
}
