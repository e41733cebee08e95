import FoundationEssentials
import Core

/// What lost a merge, or a rule a merge would otherwise break. Kept until the person acknowledges
/// it; a lost value can be restored (`SyncMerge.restore`).
public struct SyncConflict: Sendable, Equatable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Two devices changed the same field; the later clock's value was kept.
        case fieldOverwritten = "field_overwritten"
        /// A field changed on a record another device deleted; the delete was kept.
        case editAfterDelete = "edit_after_delete"
        /// Two long-acting doses inside the guard window, from two devices: both kept.
        case possibleDoubleDose = "possible_double_dose"
        /// One supplement slot taken twice, from two devices: both kept.
        case duplicateSupplement = "duplicate_supplement"
        /// The server refused a change (validation); set by the protocol, not by the merge.
        case rejected
    }

    /// Stable: the same loss found again (a retry, another order) has the same id.
    public let id: String
    public let kind: Kind
    public let table: String
    public let recordID: String
    /// The field that lost; nil for the rules' conflicts.
    public let field: String?
    /// The value kept (nil: the record is deleted, or both were kept).
    public let kept: SyncValue?
    /// The value that lost (what a restore brings back).
    public let lost: SyncValue?
    /// The change that lost, and its clock.
    public let lostChangeID: String?
    public let lostClock: HLCTimestamp?
    /// The other record of a rules conflict (the other dose or intake).
    public let otherRecordID: String?

    public init(id: String, kind: Kind, table: String, recordID: String, field: String?, kept: SyncValue?, lost: SyncValue?,
                lostChangeID: String?, lostClock: HLCTimestamp?, otherRecordID: String? = nil) {
        self.id = id
        self.kind = kind
        self.table = table
        self.recordID = recordID
        self.field = field
        self.kept = kept
        self.lost = lost
        self.lostChangeID = lostChangeID
        self.lostClock = lostClock
        self.otherRecordID = otherRecordID
    }

    /// The short name a person types back (`tend sync conflicts ack 3f9a0c1`): seven hex digits
    /// of a hash (FNV-1a) of the id, the same on every run.
    public var handle: String { Self.handle(of: id) }

    public static func handle(of id: String) -> String {
        let text = String(StableHash.fnv1a(id), radix: 16)
        return String((String(repeating: "0", count: 16 - text.count) + text).suffix(7))
    }
}

/// The merged state of one record: each field's winning value with its clock, the tombstone,
/// and the ids of the changes applied (so a retry is recognised).
public struct SyncRecord: Sendable, Equatable, Codable {
    public struct Field: Sendable, Equatable, Codable {
        public let value: SyncValue
        public let clock: HLCTimestamp
        public let changeID: String
        /// The basis of the change that wrote it.
        public let basis: HLCTimestamp?

        public init(value: SyncValue, clock: HLCTimestamp, changeID: String, basis: HLCTimestamp?) {
            self.value = value
            self.clock = clock
            self.changeID = changeID
            self.basis = basis
        }
    }

    public let table: String
    public let recordID: String
    public private(set) var fields: [String: Field] = [:]
    /// The latest delete's clock and basis, and the latest insert's (a restore) clock.
    public private(set) var deletedClock: HLCTimestamp?
    public private(set) var deleteBasis: HLCTimestamp?
    public private(set) var insertedClock: HLCTimestamp?
    public private(set) var appliedChangeIDs: Set<String> = []

    public init(table: String, recordID: String) {
        self.table = table
        self.recordID = recordID
    }

    /// A record as storage keeps it (which keeps no applied change ids: it finds retries by id itself).
    public init(table: String, recordID: String, fields: [String: Field], deletedClock: HLCTimestamp?,
                deleteBasis: HLCTimestamp?, insertedClock: HLCTimestamp?) {
        self.table = table
        self.recordID = recordID
        self.fields = fields
        self.deletedClock = deletedClock
        self.deleteBasis = deleteBasis
        self.insertedClock = insertedClock
    }

    /// Deleted when the latest delete is later than the latest insert (a restore re-inserts).
    public var isDeleted: Bool {
        guard let deletedClock else { return false }
        return insertedClock.map { $0 < deletedClock } ?? true
    }

    /// The field values, as a reader sees them.
    public var values: [String: SyncValue] { fields.mapValues(\.value) }

    /// The latest clock in the record: the basis of a change made on top of it.
    public var latestClock: HLCTimestamp? {
        ([deletedClock, insertedClock] + fields.values.map(\.clock)).compactMap { $0 }.max()
    }

    fileprivate mutating func record(_ change: Change) -> Bool { appliedChangeIDs.insert(change.id).inserted }
    fileprivate mutating func set(_ name: String, _ field: Field) { fields[name] = field }
    fileprivate mutating func markDeleted(_ change: Change) {
        if deletedClock.map({ $0 < change.clock }) ?? true {
            deletedClock = change.clock
            deleteBasis = change.basis
        }
    }
    fileprivate mutating func markInserted(_ change: Change) {
        if insertedClock.map({ $0 < change.clock }) ?? true { insertedClock = change.clock }
    }
}

/// The merge rules: pure, per record.
///
/// - Records are identified by their id, so inserts from two devices (different ids) both survive.
/// - Per field, the value with the later clock wins (ties cannot happen: a clock names its device;
///   the change id breaks a tie between two changes with the same clock).
/// - A delete wins over every edit its writer had not seen: a record is deleted while its latest
///   delete is later than its latest insert, whatever the clocks of the updates. An update is
///   "seen" by the delete when it is earlier than the delete and either came from the same device
///   or has a clock at or before the delete's basis (without a basis, any earlier update counts as
///   seen). An unseen update still merges into the fields (so a restore brings it back) and is
///   reported as `edit_after_delete`. Only an insert later than the delete (a restore) revives it.
/// - A value that loses is reported as `field_overwritten` with both values, unless the winner had
///   seen it (same device, or the winner's basis is at or after the loser's clock): that is an
///   ordinary edit, not a conflict.
/// - A change already applied (same id) changes nothing and is reported `duplicate`.
///
/// The merged record does not depend on the order changes arrive in: each field is the maximum
/// by clock, the tombstone compares the maximum delete and insert clocks. Which losses are
/// reported can depend on the order only through the "seen" exception (a value overwritten by an
/// edit that saw it, and by an unseen one, is reported only when the unseen one met it first).
public enum SyncMerge {
    public enum Status: String, Sendable, Codable {
        case applied
        case duplicate
    }

    public struct Outcome: Sendable, Equatable {
        public let record: SyncRecord
        public let status: Status
        public let conflicts: [SyncConflict]
    }

    /// Applies one change to the record's state (nil: a record not seen yet).
    public static func apply(_ change: Change, to current: SyncRecord?) -> Outcome {
        var record = current ?? SyncRecord(table: change.table, recordID: change.recordID)
        guard record.record(change) else { return Outcome(record: current!, status: .duplicate, conflicts: []) }
        var conflicts: [SyncConflict] = []

        switch change.operation {
        case .delete:
            record.markDeleted(change)
            // Field values the delete had not seen lose to it now (when they came first). A conflict's
            // id names the losing change and field, so finding it again (another delete) repeats the id.
            if record.isDeleted && record.deletedClock == change.clock {
                for (name, field) in record.fields.sorted(by: { $0.key < $1.key })
                where !deleteSaw(field.clock, device: field.clock.deviceID, in: record) {
                    conflicts.append(editAfterDelete(record: record, field: name, value: field.value, changeID: field.changeID,
                                                     clock: field.clock))
                }
            }
        case .insert, .update:
            if change.operation == .insert { record.markInserted(change) }
            for (name, value) in change.fields.sorted(by: { $0.key < $1.key }) {
                let incoming = SyncRecord.Field(value: value, clock: change.clock, changeID: change.id, basis: change.basis)
                if let existing = record.fields[name] {
                    let (winner, loser) = wins(incoming, over: existing) ? (incoming, existing) : (existing, incoming)
                    record.set(name, winner)
                    if loser.value != winner.value && !saw(winner, loser) {
                        conflicts.append(SyncConflict(
                            id: "\(SyncConflict.Kind.fieldOverwritten.rawValue):\(loser.changeID):\(name)", kind: .fieldOverwritten,
                            table: record.table, recordID: record.recordID, field: name, kept: winner.value, lost: loser.value,
                            lostChangeID: loser.changeID, lostClock: loser.clock))
                    }
                } else {
                    record.set(name, incoming)
                }
            }
            if change.operation == .update && record.isDeleted
                && !deleteSaw(change.clock, device: change.deviceID, in: record) {
                for (name, value) in change.fields.sorted(by: { $0.key < $1.key }) {
                    conflicts.append(editAfterDelete(record: record, field: name, value: value, changeID: change.id, clock: change.clock))
                }
            }
        }
        return Outcome(record: record, status: .applied, conflicts: conflicts)
    }

    /// Applies changes in the order given to a set of records keyed by table and id.
    public static func apply(_ changes: [Change], to records: inout [RecordKey: SyncRecord]) -> [Outcome] {
        changes.map { change in
            let key = RecordKey(table: change.table, recordID: change.recordID)
            let outcome = apply(change, to: records[key])
            records[key] = outcome.record
            return outcome
        }
    }

    public struct RecordKey: Sendable, Hashable, Codable {
        public let table: String
        public let recordID: String
        public init(table: String, recordID: String) {
            self.table = table
            self.recordID = recordID
        }
    }

    /// The change that brings a lost value back: a new change with a new clock, made on top of
    /// the record as it stands (so it wins and is not itself a conflict). A value lost to a delete
    /// comes back with an insert, which revives the record.
    public static func restore(_ conflict: SyncConflict, record: SyncRecord, changeID: String,
                               clock: inout HybridLogicalClock, wall: Date) throws -> Change {
        guard let field = conflict.field, let lost = conflict.lost,
              conflict.kind == .fieldOverwritten || conflict.kind == .editAfterDelete else {
            throw AppError.invalidInput("this conflict has no value to restore; acknowledge it instead",
                                        code: "nothing_to_restore").with(["id": conflict.id])
        }
        if let latest = record.latestClock { try clock.receive(remote: latest, wall: wall) }
        return Change(id: changeID, table: record.table, recordID: record.recordID,
                      operation: record.isDeleted ? .insert : .update, fields: [field: lost],
                      clock: try clock.now(wall: wall), basis: record.latestClock)
    }

    static func wins(_ lhs: SyncRecord.Field, over rhs: SyncRecord.Field) -> Bool {
        lhs.clock != rhs.clock ? rhs.clock < lhs.clock : rhs.changeID < lhs.changeID
    }

    /// Whether the winner's writer had the loser in front of it.
    static func saw(_ winner: SyncRecord.Field, _ loser: SyncRecord.Field) -> Bool {
        winner.clock.deviceID == loser.clock.deviceID || winner.basis.map { loser.clock <= $0 } ?? false
    }

    /// Whether the record's latest delete had seen an update with this clock.
    static func deleteSaw(_ clock: HLCTimestamp, device: String, in record: SyncRecord) -> Bool {
        guard let deleted = record.deletedClock, clock < deleted else { return false }
        if device == deleted.deviceID { return true }
        return record.deleteBasis.map { clock <= $0 } ?? true
    }

    static func editAfterDelete(record: SyncRecord, field: String, value: SyncValue, changeID: String,
                                clock: HLCTimestamp) -> SyncConflict {
        SyncConflict(id: "\(SyncConflict.Kind.editAfterDelete.rawValue):\(changeID):\(field)", kind: .editAfterDelete,
                     table: record.table, recordID: record.recordID, field: field, kept: nil, lost: value,
                     lostChangeID: changeID, lostClock: clock)
    }
}
