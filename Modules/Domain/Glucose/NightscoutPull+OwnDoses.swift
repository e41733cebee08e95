import FoundationEssentials
import Core

/// A dose of Tend's insulin log, pulled back from a tend-server's Nightscout API: a device
/// that both syncs with a tend-server and pulls from that server's `/api/v1` receives each of the
/// person's doses twice, once by sync and once as a treatment. `/api/v1/treatments` shows a dose
/// as a treatment whose `_id` is the dose's id (`TreatmentDoses.treatment(for:settings:)`, with
/// `enteredBy: "tend"` and `insulinKind`), so the pull keeps it as that very record: nothing when
/// the id is here already (synced, or deleted here since), else the dose under its own id, which
/// sync then meets as the same record instead of a second dose.
extension NightscoutPull {
    enum OwnDose: Equatable {
        /// Not a dose of a Tend log: stored as any other treatment.
        case notTend
        case added
        case alreadyHere
    }

    /// A treatment as the API shows a dose: its `_id` is a UUIDv7, `enteredBy` is `tend`, and
    /// `insulinKind` says long or rapid.
    static func tendDose(_ document: DocumentValue) -> (id: String, kind: InsulinKind)? {
        guard document["enteredBy"]?.string == "tend", let kind = document["insulinKind"]?.string.flatMap(InsulinKind.init(rawValue:)),
              let id = document["_id"]?.string, let uuid = UUID(uuidString: id), uuid.uuidString.lowercased() == id.lowercased(),
              id.utf8.count == 36, id.utf8[id.utf8.index(id.utf8.startIndex, offsetBy: 14)] == UInt8(ascii: "7") else { return nil }
        return (id, kind)
    }

    /// Keeps a pulled dose of a Tend log as its own record (see above).
    func storeOwnDose(_ document: DocumentValue, ownerID: String, settings: InsulinSettings) throws -> OwnDose {
        guard let (id, kind) = Self.tendDose(document) else { return .notTend }
        // Here in any state (live, deleted here, or an earlier pull's copy of the treatment).
        if try treatments.doses.ownerOfID(id) != nil
            || documents.document(nsID: id, ownerID: ownerID, collection: .treatments) != nil {
            return .alreadyHere
        }
        guard let injection = try TreatmentDoses.injections(of: document, settings: settings).first else { return .notTend }
        let now = clock.now
        let dose = Dose(id: id, ownerID: ownerID, kind: kind, units: injection.units,
                        takenAt: try NightscoutDocuments.treatmentTime(document, now: now),
                        note: document["notes"]?.string?.nilIfBlank.map { String($0.prefix(500)) }, createdAt: now, updatedAt: now)
        try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: treatments.events) {
            try treatments.warnIfDouble(dose, settings: settings, excluding: [])
            try treatments.doses.insert(dose)
        }
        return .added
    }
}
