import FoundationEssentials
import Core

/// Storage of Nightscout credentials: verifiers only (see `NightscoutCredentials`).
public protocol NightscoutCredentialRepository: Sendable {
    func insert(_ credential: NightscoutCredential) throws
    /// The credential, of any account and not revoked, one of whose verifiers is `verifier`.
    func credential(verifier: String) throws -> NightscoutCredential?
    /// The account's live credentials, oldest first.
    func credentials(ownerID: String) throws -> [NightscoutCredential]
    /// Revokes one of the account's live credentials; false when it has none with that id.
    func revoke(id: String, ownerID: String, at date: Date) throws -> Bool
    /// Revokes the account's live secret, if any (a new secret replaces it).
    func revokeSecret(ownerID: String, at date: Date) throws
}

/// The three collections of Nightscout's API v1 that Tend stores.
public enum NightscoutCollection: String, Sendable, CaseIterable {
    case entries
    case treatments
    case devicestatus

    /// `count` when a client gives none, as Nightscout answers.
    public var defaultCount: Int { self == .treatments ? 100 : 10 }
}

/// One stored document of a collection: the columns Tend queries, and the document as it is
/// returned. An entry is a glucose reading (`mgdl` for `sgv` and `mbg`); a treatment may have
/// made doses (`doseIDs`), which stay the one truth of the insulin taken.
public struct NightscoutDocument: Sendable, Equatable {
    public let id: String
    public let ownerID: String
    public let collection: NightscoutCollection
    /// The `_id` a client sees and sends back.
    public var nsID: String
    /// An entry's `date`, a treatment's or a device status's `created_at`.
    public var time: Date
    /// An entry's `type` (`sgv`, `mbg`, `cal`), a treatment's `eventType`.
    public var type: String?
    /// A treatment's `identifier`, by which Nightscout tells a re-sent one.
    public var identifier: String?
    public var mgdl: Double?
    /// Where it came from: `api`, `libreview`, `dexcom`, `nightscout` (a pull or an entries file).
    public var source: String
    /// The document, serialized (`DocumentValue.serialized()`).
    public var json: String
    public var doseIDs: [String]
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerID: String, collection: NightscoutCollection, nsID: String, time: Date, type: String?,
                identifier: String? = nil, mgdl: Double? = nil, source: String, json: String, doseIDs: [String] = [],
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.collection = collection
        self.nsID = nsID
        self.time = time
        self.type = type
        self.identifier = identifier
        self.mgdl = mgdl
        self.source = source
        self.json = json
        self.doseIDs = doseIDs
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Storage of the collections. Reads never return soft-deleted documents.
public protocol NightscoutDocumentRepository: Sendable {
    func insert(_ document: NightscoutDocument) throws
    func update(_ document: NightscoutDocument) throws
    /// Soft-deletes these documents of the account.
    func delete(ids: [String], ownerID: String, collection: NightscoutCollection, at date: Date) throws
    func document(nsID: String, ownerID: String, collection: NightscoutCollection) throws -> NightscoutDocument?
    /// The treatment a client sent earlier under this `identifier`.
    func document(identifier: String, ownerID: String, collection: NightscoutCollection) throws -> NightscoutDocument?
    /// The documents at exactly this instant (to the millisecond), of this type when given.
    func documents(at time: Date, type: String?, ownerID: String, collection: NightscoutCollection) throws -> [NightscoutDocument]
    /// Newest first: in `interval` (half-open) when given, of `type` when given, at most `limit`.
    func documents(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                   limit: Int?) throws -> [NightscoutDocument]
    /// The same documents as `documents(…)`, as their stored JSON text only: a page of readings
    /// is made of these as they are, without decoding a row into a document.
    func texts(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?, limit: Int?) throws -> [String]
    /// The same texts as one JSON array's UTF-8, what a page answers: an engine may copy them
    /// from its rows without making a `String` of each.
    func jsonArray(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                   limit: Int?) throws -> [UInt8]
    /// The glucose readings (entries with a value) in `interval`, of `type` (`sgv`: the sensor's)
    /// when given, oldest first.
    func readings(ownerID: String, in interval: Range<Date>, type: String?) throws -> [GlucosePoint]
}

extension NightscoutDocumentRepository {
    public func jsonArray(ownerID: String, collection: NightscoutCollection, in interval: Range<Date>?, type: String?,
                          limit: Int?) throws -> [UInt8] {
        JSONArrayBytes.joining(try texts(ownerID: ownerID, collection: collection, in: interval, type: type, limit: limit))
    }

    /// Sensor and meter readings alike.
    public func readings(ownerID: String, in interval: Range<Date>) throws -> [GlucosePoint] {
        try readings(ownerID: ownerID, in: interval, type: nil)
    }

    /// The sensor's readings only (`sgv`), what the consensus metrics are computed from.
    public func sensorReadings(ownerID: String, in interval: Range<Date>) throws -> [GlucosePoint] {
        try readings(ownerID: ownerID, in: interval, type: "sgv")
    }
}

/// Records the `possible_double_dose` warning that sync raises, for doses that arrive from
/// elsewhere (a Nightscout treatment, an export file) and are never refused.
public protocol DoseWarningRepository: Sendable {
    func record(_ conflict: SyncConflict, ownerID: String, at date: Date) throws
}

/// Each person's glucose unit (mg/dL unless set).
public protocol GlucoseSettingsRepository: Sendable {
    func unit(ownerID: String) throws -> GlucoseUnit?
    func save(unit: GlucoseUnit, ownerID: String, at date: Date) throws
}
