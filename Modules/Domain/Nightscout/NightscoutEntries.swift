import FoundationEssentials
import Core

/// `/api/v1/entries` (glucose readings, mg/dL inside) and `/api/v1/devicestatus`: documents
/// stored as they came, found again by their time (and type), so that a re-sent day stores
/// nothing twice.
public struct NightscoutEntries: Sendable {
    static let entryTimeFields: Set<String> = ["date", "dateString", "sysTime", "mills"]
    static let statusTimeFields: Set<String> = ["created_at", "mills", "date"]

    let documents: any NightscoutDocumentRepository
    let transactor: any Transactor
    let clock: any Clock

    public init(documents: any NightscoutDocumentRepository, transactor: any Transactor, clock: any Clock) {
        self.documents = documents
        self.transactor = transactor
        self.clock = clock
    }

    /// Stores entries (an entry at the same instant with the same type is the same entry: it is
    /// replaced when its fields changed), in one transaction. Returns them as stored, and how
    /// many were new.
    public func post(_ items: [DocumentValue], ownerID: String, source: String = "api") throws -> (stored: [DocumentValue], added: Int) {
        var added = 0
        let stored = try transactor.write {
            try items.map { item -> DocumentValue in
                let (document, isNew) = try storeEntry(item, ownerID: ownerID, source: source)
                if isNew { added += 1 }
                return document
            }
        }
        return (stored, added)
    }

    private func storeEntry(_ item: DocumentValue, ownerID: String, source: String) throws -> (DocumentValue, Bool) {
        guard case .object = item else { throw AppError.invalidInput("an entry must be a JSON object", code: "invalid_entry") }
        var document = item
        document["secret"] = nil
        let time = try NightscoutDocuments.entryTime(document)
        let mgdl = try NightscoutDocuments.entryGlucose(document)
        guard let type = document["type"]?.string?.nilIfBlank ?? (document["sgv"] != nil ? "sgv" : document["mbg"] != nil ? "mbg" : nil)
        else {
            throw AppError.invalidInput("an entry needs its type (sgv, mbg, cal) or an sgv value", code: "invalid_entry")
        }
        let clientID = try NightscoutDocuments.clientID(document["_id"])
        let now = clock.now
        let existing = try documents.documents(at: time, type: type, ownerID: ownerID, collection: .entries).first
        document["_id"] = .string(existing?.nsID ?? clientID ?? NightscoutDocuments.makeID(at: now))
        document["type"] = .string(type)
        document["date"] = .number(NightscoutDocuments.milliseconds(time))
        if document["dateString"]?.string == nil { document["dateString"] = .string(NightscoutDocuments.isoUTC(time)) }
        let json = document.serialized()
        if var existing {
            if existing.json != json {
                existing.json = json
                existing.mgdl = mgdl
                existing.updatedAt = now
                try documents.update(existing)
            }
            return (document, false)
        }
        try documents.insert(NightscoutDocument(
            id: UUIDv7.makeString(at: now), ownerID: ownerID, collection: .entries, nsID: document["_id"]!.string!, time: time,
            type: type, mgdl: mgdl, source: source, json: json, createdAt: now, updatedAt: now))
        return (document, true)
    }

    /// Stores device statuses; one identical to a stored one at the same instant is not stored again.
    public func postStatus(_ items: [DocumentValue], ownerID: String) throws -> [DocumentValue] {
        try transactor.write {
            try items.map { item in
                guard case .object = item else {
                    throw AppError.invalidInput("a device status must be a JSON object", code: "invalid_devicestatus")
                }
                var document = item
                document["secret"] = nil
                let now = clock.now
                let time = try NightscoutDocuments.treatmentTime(document, now: now)
                document["created_at"] = .string(NightscoutDocuments.isoUTC(time))
                let clientID = try NightscoutDocuments.clientID(document["_id"])
                let same = try documents.documents(at: time, type: nil, ownerID: ownerID, collection: .devicestatus).first { stored in
                    var candidate = document
                    candidate["_id"] = .string(stored.nsID)
                    return stored.json == candidate.serialized()
                }
                if let same { return try DocumentValue.parse(same.json) }
                document["_id"] = .string(clientID ?? NightscoutDocuments.makeID(at: now))
                try documents.insert(NightscoutDocument(
                    id: UUIDv7.makeString(at: now), ownerID: ownerID, collection: .devicestatus, nsID: document["_id"]!.string!,
                    time: time, type: document["device"]?.string, source: "api", json: document.serialized(), createdAt: now,
                    updatedAt: now))
                return document
            }
        }
    }

    /// The documents a query asks for, newest first, as JSON texts: when the query says no
    /// more than a time window and a type, storage answers it without reading a document.
    public func find(_ query: NightscoutQuery, collection: NightscoutCollection, ownerID: String) throws -> [String] {
        let timeFields = collection == .entries ? Self.entryTimeFields : Self.statusTimeFields
        let typeField = collection == .entries ? "type" : "device"
        let window = query.window(timeFields: timeFields, now: clock.now)
        let count = query.count ?? collection.defaultCount
        let type = query.equalValue(of: typeField)
        if query.isWindowOnly(timeFields: timeFields, typeField: typeField) {
            return try documents.texts(ownerID: ownerID, collection: collection, in: window, type: type, limit: count)
        }
        var found: [String] = []
        for stored in try documents.documents(ownerID: ownerID, collection: collection, in: window, type: type, limit: nil) {
            if query.matches(try DocumentValue.parse(stored.json)) { found.append(stored.json) }
            if found.count == count { break }
        }
        return found
    }

    /// What `find` finds as one JSON array's UTF-8, the answer of a page: a plain window is
    /// copied from storage as it is.
    public func findJSONArray(_ query: NightscoutQuery, collection: NightscoutCollection, ownerID: String) throws -> [UInt8] {
        let timeFields = collection == .entries ? Self.entryTimeFields : Self.statusTimeFields
        let typeField = collection == .entries ? "type" : "device"
        guard query.isWindowOnly(timeFields: timeFields, typeField: typeField) else {
            return JSONArrayBytes.joining(try find(query, collection: collection, ownerID: ownerID))
        }
        return try documents.jsonArray(ownerID: ownerID, collection: collection, in: query.window(timeFields: timeFields, now: clock.now),
                                       type: query.equalValue(of: typeField), limit: query.count ?? collection.defaultCount)
    }

    /// The newest glucose reading, whenever it was (`entries/current`).
    public func current(ownerID: String) throws -> [String] {
        try documents.texts(ownerID: ownerID, collection: .entries, in: nil, type: "sgv", limit: 1)
    }

    /// Deletes what a query finds (or the document with this `_id`); returns how many.
    public func delete(_ query: NightscoutQuery, id: String?, collection: NightscoutCollection, ownerID: String) throws -> Int {
        var query = query
        if let id { query.conditions.append(.init(field: "_id", op: .eq, values: [id])) }
        query.count = NightscoutQuery.maximumCount
        return try transactor.write {
            var ids: [String] = []
            for json in try find(query, collection: collection, ownerID: ownerID) {
                guard let nsID = try DocumentValue.parse(json)["_id"]?.string,
                      let stored = try documents.document(nsID: nsID, ownerID: ownerID, collection: collection) else { continue }
                ids.append(stored.id)
            }
            try documents.delete(ids: ids, ownerID: ownerID, collection: collection, at: clock.now)
            return ids.count
        }
    }
}
