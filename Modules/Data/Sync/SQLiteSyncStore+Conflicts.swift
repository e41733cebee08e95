import FoundationEssentials
import Core
import Domain

/// What lost a merge, kept until acknowledged; and the domain rules checked after a merge.
extension SQLiteSyncStore {
    /// Keeps a conflict once (the same loss found again keeps its first detection and its
    /// acknowledgement); true when it is new.
    func record(_ conflict: SyncConflict, ownerID: String, reason: String?, at date: Date) throws -> Bool {
        try database.execute(
            """
            INSERT INTO sync_conflicts (id, owner_id, kind, table_name, record_id, field, kept, lost, lost_change_id,
                lost_clock, other_record_id, reason, detected_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
            """,
            [.text(conflict.id), .text(ownerID), .text(conflict.kind.rawValue), .text(conflict.table), .text(conflict.recordID),
             conflict.field.map { .text($0) } ?? .null, try SyncValues.json(conflict.kept), try SyncValues.json(conflict.lost),
             conflict.lostChangeID.map { .text($0) } ?? .null, conflict.lostClock.map { .text($0.text) } ?? .null,
             conflict.otherRecordID.map { .text($0) } ?? .null, reason.map { .text($0) } ?? .null, date.sqlValue])
        return database.changes > 0
    }

    public func conflicts(ownerID: String, includeAcknowledged: Bool) throws -> [StoredSyncConflict] {
        try database.query(
            """
            SELECT * FROM sync_conflicts WHERE owner_id = ? AND (? OR acknowledged_at IS NULL) ORDER BY detected_at, id
            """, [.text(ownerID), .integer(includeAcknowledged ? 1 : 0)]
        ).map(Self.decodeConflict)
    }

    static func decodeConflict(_ row: Row) throws -> StoredSyncConflict {
        func text(_ column: String) -> String? {
            if case .text(let value) = row[column] { return value }
            return nil
        }
        let conflict = SyncConflict(
            id: try row.get("id"), kind: SyncConflict.Kind(rawValue: try row.get("kind")) ?? .rejected, table: try row.get("table_name"),
            recordID: try row.get("record_id"), field: text("field"), kept: SyncValues.value(json: text("kept")),
            lost: SyncValues.value(json: text("lost")), lostChangeID: text("lost_change_id"),
            lostClock: text("lost_clock").flatMap(HLCTimestamp.init), otherRecordID: text("other_record_id"))
        return StoredSyncConflict(conflict: conflict, reason: text("reason"), detectedAt: try row.get("detected_at"),
                                  acknowledgedAt: try row.get("acknowledged_at"))
    }

    public func acknowledgeConflicts(ids: [String]?, ownerID: String, at date: Date) throws -> Int {
        try database.write {
            guard let ids else {
                try database.execute("UPDATE sync_conflicts SET acknowledged_at = ? WHERE owner_id = ? AND acknowledged_at IS NULL",
                                     [date.sqlValue, .text(ownerID)])
                return database.changes
            }
            var count = 0
            for id in ids {
                guard try database.queryOne("SELECT 1 FROM sync_conflicts WHERE id = ? AND owner_id = ?", [.text(id), .text(ownerID)]) != nil
                else { throw Self.noConflict(id) }
                try database.execute("UPDATE sync_conflicts SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL",
                                     [date.sqlValue, .text(id)])
                count += database.changes
            }
            return count
        }
    }

    static func noConflict(_ id: String) -> AppError {
        AppError.notFound("no conflict \(id) (tend sync conflicts lists them)", code: "conflict_not_found").with(["id": id])
    }

    public func restoreConflict(id: String, ownerID: String, at date: Date) throws -> StoredSyncConflict {
        try database.write {
            guard let row = try database.queryOne("SELECT * FROM sync_conflicts WHERE id = ? AND owner_id = ?", [.text(id), .text(ownerID)])
            else { throw Self.noConflict(id) }
            let stored = try Self.decodeConflict(row)
            let conflict = stored.conflict
            guard conflict.kind == .fieldOverwritten || conflict.kind == .editAfterDelete, let field = conflict.field,
                  let lost = conflict.lost, let table = SyncSchema.table(named: conflict.table) else {
                throw AppError.invalidInput("this conflict has no value to restore; acknowledge it instead",
                                            code: "nothing_to_restore").with(["id": id])
            }
            guard let existing = try localRow(table, recordID: conflict.recordID, ownerID: ownerID) else {
                throw AppError.notFound("the record of conflict \(id) is gone", code: "not_found").with(["id": id])
            }
            // An ordinary local write: its trigger records a change with a new clock, so it wins everywhere.
            if let child = table.child(field) {
                guard case .string(let json) = lost else { throw SyncValues.invalid(field, "has no rows to restore") }
                try writeChildren(child, parentID: existing.id, json: json)
                try database.execute("UPDATE \(table.name) SET deleted_at = NULL, updated_at = ? WHERE id = ?",
                                     [date.sqlValue, .text(existing.id)])
            } else if let column = table.column(field) {
                try database.execute("UPDATE \(table.name) SET \(column.name) = ?, updated_at = ?, deleted_at = NULL WHERE id = ?",
                                     [try SyncValues.sqlValue(lost, column: column), date.sqlValue, .text(existing.id)])
            }
            try database.execute("UPDATE sync_conflicts SET acknowledged_at = ? WHERE id = ?", [date.sqlValue, .text(id)])
            return stored
        }
    }

    /// `possible_double_dose` and `duplicate_supplement` around the records a merge brought in.
    func rulesAfterMerge(_ checks: [(table: String, recordID: String)], ownerID: String) throws -> [SyncConflict] {
        var conflicts: [SyncConflict] = []
        let doseIDs = Set(checks.filter { $0.table == "insulin_doses" }.map(\.recordID))
        if !doseIDs.isEmpty {
            let doses = SQLiteDoseRepository(database: database)
            let settings = try SQLiteInsulinSettingsRepository(database: database).settings(ownerID: ownerID)
                ?? InsulinSettings.defaults(ownerID: ownerID, timeZoneIdentifier: "UTC", now: clock.now)
            let window = TimeInterval(settings.longGuardMinutes * 60)
            for id in doseIDs {
                guard let dose = try doses.dose(id: id, ownerID: ownerID), dose.kind == .long else { continue }
                let near = try doses.doses(ownerID: ownerID, kind: .long,
                                           in: dose.takenAt.addingTimeInterval(-window)..<dose.takenAt.addingTimeInterval(window + 1))
                conflicts += RulesAfterMerge.doseConflicts(try near.map { SyncedDose(dose: $0, deviceID: try device(of: "insulin_doses", $0.id, ownerID)) },
                                                           settings: settings)
            }
        }
        let intakeIDs = Set(checks.filter { $0.table == "supplement_intakes" }.map(\.recordID))
        if !intakeIDs.isEmpty {
            let repository = SQLiteSupplementRepository(database: database)
            for id in intakeIDs {
                guard let row = try database.queryOne("SELECT day FROM supplement_intakes WHERE id = ? AND deleted_at IS NULL", [.text(id)]),
                      let day = LocalDate(try row.get("day") as String) else { continue }
                let intakes = try repository.intakes(ownerID: ownerID, from: day, through: day)
                conflicts += RulesAfterMerge.supplementConflicts(
                    try intakes.map { SyncedIntake(intake: $0, deviceID: try device(of: "supplement_intakes", $0.id, ownerID)) })
            }
        }
        return conflicts
    }

    private typealias SyncedDose = RulesAfterMerge.SyncedDose
    private typealias SyncedIntake = RulesAfterMerge.SyncedIntake

    /// The device that created a record (this one when it was never merged).
    func device(of table: String, _ recordID: String, _ ownerID: String) throws -> String {
        guard let row = try database.queryOne(
            "SELECT inserted FROM sync_records WHERE owner_id = ? AND table_name = ? AND record_id = ?",
            [.text(ownerID), .text(table), .text(recordID)]),
            case .text(let text) = row["inserted"], let clock = HLCTimestamp(text) else { return deviceID }
        return clock.deviceID
    }
}
