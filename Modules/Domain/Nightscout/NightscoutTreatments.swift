import FoundationEssentials
import Core

/// `/api/v1/treatments`: what clients post is stored as it came, and its insulin becomes doses
/// of the insulin log; what they read is the stored treatments with every dose of the log that
/// no treatment made (a dose typed with `tend insulin log` is a treatment too).
public struct NightscoutTreatments: Sendable {
    static let timeFields: Set<String> = ["created_at", "mills", "timestamp", "date"]
    /// The ids of the doses a stored treatment made, shown beside it so that a device pulling
    /// from this server (`tend glucose pull`) keeps those doses under the same ids as sync does.
    public static let doseIDsField = "tendDoseIds"

    let documents: any NightscoutDocumentRepository
    let doses: any DoseRepository
    let settings: InsulinSettingsService
    let warnings: any DoseWarningRepository
    let transactor: any Transactor
    let clock: any Clock
    let events: any DomainEventSink

    public init(documents: any NightscoutDocumentRepository, doses: any DoseRepository, settings: InsulinSettingsService,
                warnings: any DoseWarningRepository, transactor: any Transactor, clock: any Clock, events: any DomainEventSink) {
        self.documents = documents
        self.doses = doses
        self.settings = settings
        self.warnings = warnings
        self.transactor = transactor
        self.clock = clock
        self.events = events
    }

    /// Stores each treatment, or finds the one it repeats (Nightscout's rule: the same
    /// `identifier`, else the same `_id`, else the same `created_at` and `eventType`), in one
    /// transaction: a bad one refuses the whole upload. Returns them as stored.
    public func post(_ items: [DocumentValue], ownerID: String, source: String = "api") throws -> [DocumentValue] {
        let settings = try settings.current(ownerID: ownerID)
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            try items.map { try store($0, ownerID: ownerID, settings: settings, source: source, replacing: false) }
        }
    }

    /// A treatment pulled from a tend-server, whose doses keep the ids that server gave them
    /// (`doseIDsField`): sync then meets the same records, and a dose already here (synced, or
    /// deleted here since) is not made again.
    public func postPulled(_ item: DocumentValue, doseIDs: [String], ownerID: String) throws -> DocumentValue {
        let settings = try settings.current(ownerID: ownerID)
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            try store(item, ownerID: ownerID, settings: settings, source: "nightscout", replacing: false, doseIDs: doseIDs)
        }
    }

    /// Replaces the treatment with the body's `_id` (a dose of the log when the id is a dose's),
    /// or stores it when there is none.
    public func put(_ item: DocumentValue, ownerID: String) throws -> DocumentValue {
        let settings = try settings.current(ownerID: ownerID)
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            try store(item, ownerID: ownerID, settings: settings, source: "api", replacing: true)
        }
    }

    private func store(_ item: DocumentValue, ownerID: String, settings: InsulinSettings, source: String,
                       replacing: Bool, doseIDs givenIDs: [String]? = nil) throws -> DocumentValue {
        guard case .object = item else {
            throw AppError.invalidInput("a treatment must be a JSON object", code: "invalid_treatment")
        }
        var document = item
        document["secret"] = nil // where a client may carry the API secret's hash: never stored
        document[Self.doseIDsField] = nil // this server's own, shown beside what is stored
        let now = clock.now
        let time = try NightscoutDocuments.treatmentTime(document, now: now)
        let eventType = document["eventType"]?.string
        let identifier = document["identifier"]?.string?.nilIfBlank
        let clientID = try NightscoutDocuments.clientID(document["_id"])
        // A dose of the log sent back (a client copying treatments): that dose, edited on a PUT.
        if let clientID, let dose = try doses.dose(id: clientID, ownerID: ownerID) {
            if replacing { return try edit(dose, from: document, time: time, settings: settings) }
            return TreatmentDoses.treatment(for: dose, settings: settings)
        }
        let existing = try identifier.flatMap { try documents.document(identifier: $0, ownerID: ownerID, collection: .treatments) }
            ?? clientID.flatMap { try documents.document(nsID: $0, ownerID: ownerID, collection: .treatments) }
            ?? (clientID == nil && identifier == nil
                ? try documents.documents(at: time, type: eventType, ownerID: ownerID, collection: .treatments)
                    .first { $0.type == eventType }
                : nil)
        document["_id"] = .string(existing?.nsID ?? clientID ?? NightscoutDocuments.makeID(at: now))
        let sentAt = document["created_at"]?.string
        document["created_at"] = .string(NightscoutDocuments.isoUTC(time))
        if document["utcOffset"] == nil || document["utcOffset"] == .null {
            let offset = NightscoutDocuments.offsetMinutes(of: sentAt) ?? settings.timeZone.secondsFromGMT(for: time) / 60
            document["utcOffset"] = .number(Double(offset))
        }
        let injections = try TreatmentDoses.injections(of: document, settings: settings)
        let json = document.serialized()
        if var existing {
            guard existing.json != json else { return try current(existing, settings: settings) ?? document }
            let made = try existing.doseIDs.compactMap { try doses.dose(id: $0, ownerID: ownerID) }
            if !Self.same(made, injections, time: time) {
                for var dose in made {
                    dose.deletedAt = now
                    dose.updatedAt = now
                    try doses.update(dose)
                }
                existing.doseIDs = try makeDoses(injections, document: document, time: time, ownerID: ownerID, settings: settings,
                                                 ids: givenIDs)
            }
            existing.json = json
            existing.time = time
            existing.type = eventType
            existing.identifier = identifier
            existing.updatedAt = now
            try documents.update(existing)
            return try current(existing, settings: settings) ?? document
        }
        let doseIDs = try makeDoses(injections, document: document, time: time, ownerID: ownerID, settings: settings, ids: givenIDs)
        try documents.insert(NightscoutDocument(
            id: UUIDv7.makeString(at: now), ownerID: ownerID, collection: .treatments, nsID: document["_id"]!.string!, time: time,
            type: eventType, identifier: identifier, source: source, json: json, doseIDs: doseIDs, createdAt: now, updatedAt: now))
        return document
    }

    static func same(_ doses: [Dose], _ injections: [TreatmentDoses.Injection], time: Date) -> Bool {
        doses.count == injections.count && zip(doses, injections).allSatisfy { dose, injection in
            dose.kind == injection.kind && abs(dose.units - injection.units) < 0.005 && abs(dose.takenAt.timeIntervalSince(time)) < 0.001
        }
    }

    /// The doses of a treatment's injections, never refused by the double-dose guard (they
    /// record what happened); a long-acting one the guard would have refused raises
    /// `possible_double_dose`, as a merge of two devices' doses does.
    /// `ids`: the ids the doses had where the treatment came from, in order; one already here is
    /// kept as it is.
    func makeDoses(_ injections: [TreatmentDoses.Injection], document: DocumentValue, time: Date, ownerID: String,
                   settings: InsulinSettings, ids: [String]? = nil) throws -> [String] {
        let now = clock.now
        let notes = document["notes"]?.string?.nilIfBlank
        var made: [String] = []
        for (index, injection) in injections.enumerated() {
            let given = ids.flatMap { index < $0.count ? $0[index] : nil }
            if let given, try doses.ownerOfID(given) != nil {
                made.append(given)
                continue
            }
            let note = [injection.name, notes].compactMap { $0 }.joined(separator: " · ")
            let dose = Dose(id: given ?? UUIDv7.makeString(at: now), ownerID: ownerID, kind: injection.kind, units: injection.units,
                            takenAt: time, note: note.isEmpty ? nil : String(note.prefix(500)), createdAt: now, updatedAt: now)
            try warnIfDouble(dose, settings: settings, excluding: Set(made))
            try doses.insert(dose)
            made.append(dose.id)
        }
        return made
    }

    func warnIfDouble(_ dose: Dose, settings: InsulinSettings, excluding: Set<String>) throws {
        guard dose.kind == .long, settings.longGuardMinutes > 0 else { return }
        let window = TimeInterval(settings.longGuardMinutes * 60)
        let neighbours = try doses.doses(ownerID: dose.ownerID, kind: .long,
                                         in: dose.takenAt.addingTimeInterval(-window)..<dose.takenAt.addingTimeInterval(window + 0.001))
            .filter { !excluding.contains($0.id) }
        for other in neighbours {
            do {
                try DoseRules.checkGuards(for: dose, against: [other], settings: settings)
            } catch let error as AppError where error.code == "duplicate_dose" {
                let (earlier, later) = (other.takenAt, other.id) <= (dose.takenAt, dose.id) ? (other, dose) : (dose, other)
                try warnings.record(SyncConflict(
                    id: "\(SyncConflict.Kind.possibleDoubleDose.rawValue):\(earlier.id):\(later.id)", kind: .possibleDoubleDose,
                    table: "insulin_doses", recordID: later.id, field: nil, kept: .double(later.units), lost: nil,
                    lostChangeID: nil, lostClock: nil, otherRecordID: earlier.id), ownerID: dose.ownerID, at: clock.now)
            }
        }
    }

    /// A PUT of a dose's treatment edits the dose: its kind, units and time from the body.
    private func edit(_ dose: Dose, from document: DocumentValue, time: Date, settings: InsulinSettings) throws -> DocumentValue {
        let injections = try TreatmentDoses.injections(of: document, settings: settings)
        guard injections.count == 1, let injection = injections.first else {
            throw AppError.invalidInput("a dose's treatment is replaced by one insulin and its units", code: "invalid_insulin")
        }
        var dose = dose
        dose.kind = injection.kind
        dose.units = injection.units
        dose.takenAt = time
        dose.note = document["notes"]?.string?.nilIfBlank.map { String($0.prefix(500)) } ?? dose.note
        dose.updatedAt = clock.now
        try doses.update(dose)
        return TreatmentDoses.treatment(for: dose, settings: settings)
    }

    /// The stored treatment with its doses as they are now (nil when nothing is left of it).
    func current(_ stored: NightscoutDocument, settings: InsulinSettings) throws -> DocumentValue? {
        var document = try DocumentValue.parse(stored.json)
        guard !stored.doseIDs.isEmpty else { return document }
        document[Self.doseIDsField] = .array(stored.doseIDs.map { .string($0) })
        let live = try stored.doseIDs.compactMap { try doses.dose(id: $0, ownerID: stored.ownerID) }
        return TreatmentDoses.current(document, doses: live, madeCount: stored.doseIDs.count, settings: settings)
    }

    /// The treatments a query asks for, newest first: the stored ones and the log's other doses.
    public func find(_ query: NightscoutQuery, ownerID: String) throws -> [DocumentValue] {
        let settings = try settings.current(ownerID: ownerID)
        let window = query.window(timeFields: Self.timeFields, now: clock.now)
        let stored = try documents.documents(ownerID: ownerID, collection: .treatments, in: window, type: nil, limit: nil)
        let linked = Set(stored.flatMap(\.doseIDs))
        var found: [(Date, String, DocumentValue)] = []
        for item in stored {
            if let document = try current(item, settings: settings) { found.append((item.time, item.nsID, document)) }
        }
        for dose in try doses.doses(ownerID: ownerID, kind: nil, in: window) where !linked.contains(dose.id) {
            found.append((dose.takenAt, dose.id, TreatmentDoses.treatment(for: dose, settings: settings)))
        }
        return found.filter { query.matches($0.2) }.sorted { ($0.0, $0.1) > ($1.0, $1.1) }
            .prefix(query.count ?? NightscoutCollection.treatments.defaultCount).map(\.2)
    }

    /// Deletes the treatments a query finds, or the one with this `_id` (a dose's id deletes
    /// the dose), with the doses they made. Returns how many.
    public func delete(_ query: NightscoutQuery, id: String?, ownerID: String) throws -> Int {
        var query = query
        if let id { query.conditions.append(.init(field: "_id", op: .eq, values: [id])) }
        query.count = NightscoutQuery.maximumCount
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            let now = clock.now
            let targets = try find(query, ownerID: ownerID).compactMap { $0["_id"]?.string }
            for target in targets {
                if let stored = try documents.document(nsID: target, ownerID: ownerID, collection: .treatments) {
                    try documents.delete(ids: [stored.id], ownerID: ownerID, collection: .treatments, at: now)
                    for id in stored.doseIDs { try deleteDose(id, ownerID: ownerID, at: now) }
                } else {
                    try deleteDose(target, ownerID: ownerID, at: now)
                }
            }
            return targets.count
        }
    }

    private func deleteDose(_ id: String, ownerID: String, at now: Date) throws {
        guard var dose = try doses.dose(id: id, ownerID: ownerID) else { return }
        dose.deletedAt = now
        dose.updatedAt = now
        try doses.update(dose)
    }
}
