import Core
import Domain
import Foundation
import Testing

private let t0: Int64 = 1_773_194_400_000

private func hlc(_ ms: Int64, _ counter: UInt16 = 0, _ device: String) -> HLCTimestamp {
    HLCTimestamp(physical: t0 + ms, counter: counter, deviceID: device)!
}

private func change(_ id: String, _ operation: SyncOperation, record: String = "dose-1", _ fields: [String: SyncValue] = [:],
                    at clock: HLCTimestamp, basis: HLCTimestamp? = nil) -> Change {
    Change(id: id, table: "insulin_doses", recordID: record, operation: operation, fields: fields, clock: clock, basis: basis)
}

private func change(_ id: String, _ fields: [String: SyncValue], at clock: HLCTimestamp, basis: HLCTimestamp? = nil) -> Change {
    change(id, .update, fields, at: clock, basis: basis)
}

private func merge(_ changes: [Change]) -> (records: [SyncMerge.RecordKey: SyncRecord], outcomes: [SyncMerge.Outcome]) {
    var records: [SyncMerge.RecordKey: SyncRecord] = [:]
    let outcomes = SyncMerge.apply(changes, to: &records)
    return (records, outcomes)
}

private func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index -> [[T]] in
        var rest = items
        let head = rest.remove(at: index)
        return permutations(rest).map { [head] + $0 }
    }
}

/// The record as a reader sees it, without bookkeeping that legitimately differs by order.
private func visible(_ records: [SyncMerge.RecordKey: SyncRecord]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: records.map { key, record in
        ("\(key.table)/\(key.recordID)", "\(record.isDeleted) \(record.values.sorted { $0.key < $1.key })")
    })
}

@Suite("Sync: merging changes")
struct MergeTests {
    let insert = change("c0", .insert, ["units": .double(10), "kind": .string("long"), "note": .null], at: hlc(0, 0, "laptop"))

    @Test("inserts of different ids from two devices both survive")
    func insertsSurvive() {
        let other = change("c1", .insert, record: "dose-2", ["units": .double(12)], at: hlc(0, 0, "desktop"))
        let (records, outcomes) = merge([insert, other])
        #expect(records.count == 2)
        #expect(outcomes.allSatisfy { $0.status == .applied && $0.conflicts.isEmpty })
    }

    @Test("edits of different fields both survive, without a conflict")
    func differentFields() {
        let a = change("a", ["units": .double(11)], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let b = change("b", ["note": .string("left thigh")], at: hlc(5, 0, "desktop"), basis: insert.clock)
        for order in permutations([insert, a, b]) {
            let (records, outcomes) = merge(order)
            let record = records.values.first!
            #expect(record.values == ["units": .double(11), "kind": .string("long"), "note": .string("left thigh")])
            #expect(outcomes.flatMap(\.conflicts).isEmpty)
        }
    }

    @Test("the same field on two devices: the later clock wins, the other is a conflict with both values, in both orders")
    func sameFieldLaterWins() {
        let a = change("a", ["note": .string("before dinner")], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let b = change("b", ["note": .string("after dinner")], at: hlc(20, 0, "desktop"), basis: insert.clock)
        for order in permutations([a, b]) {
            let (records, outcomes) = merge([insert] + order)
            #expect(records.values.first!.values["note"] == .string("after dinner"))
            let conflicts = outcomes.flatMap(\.conflicts)
            #expect(conflicts.count == 1)
            #expect(conflicts.first?.kind == .fieldOverwritten)
            #expect(conflicts.first?.kept == .string("after dinner"))
            #expect(conflicts.first?.lost == .string("before dinner"))
            #expect(conflicts.first?.lostChangeID == "a")
            #expect(conflicts.first?.id == "field_overwritten:a:note")
        }
    }

    @Test("an edit on top of a value it had seen is an edit, not a conflict")
    func sequentialEditsAreNotConflicts() {
        let a = change("a", ["note": .string("one")], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let sameDevice = change("a2", ["note": .string("two")], at: hlc(11, 0, "laptop"), basis: a.clock)
        let seenElsewhere = change("b", ["note": .string("three")], at: hlc(30, 0, "desktop"), basis: sameDevice.clock)
        let (records, outcomes) = merge([insert, a, sameDevice, seenElsewhere])
        #expect(records.values.first!.values["note"] == .string("three"))
        #expect(outcomes.flatMap(\.conflicts).isEmpty)
    }

    @Test("a restore is a new change with a new clock that wins and raises nothing")
    func restore() throws {
        let a = change("a", ["note": .string("before dinner")], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let b = change("b", ["note": .string("after dinner")], at: hlc(20, 0, "desktop"), basis: insert.clock)
        var (records, outcomes) = merge([insert, a, b])
        let conflict = try #require(outcomes.flatMap(\.conflicts).first)
        var clock = try HybridLogicalClock(deviceID: "laptop")
        // The laptop's wall clock is behind the desktop's clock: the restore still orders after.
        let restore = try SyncMerge.restore(conflict, record: records.values.first!, changeID: "r", clock: &clock,
                                            wall: Date(timeIntervalSince1970: Double(t0) / 1000))
        #expect(restore.id == "r" && restore.operation == .update && restore.fields == ["note": .string("before dinner")])
        #expect(restore.clock > b.clock)
        let applied = SyncMerge.apply([restore], to: &records)
        #expect(records.values.first!.values["note"] == .string("before dinner"))
        #expect(applied.flatMap(\.conflicts).isEmpty)
    }

    @Test("a delete wins over a concurrent edit, before or after it in clock order, in every arrival order")
    func deleteVersusEdit() {
        let delete = change("d", .delete, at: hlc(20, 0, "desktop"), basis: insert.clock)
        let earlierEdit = change("e1", ["units": .double(8)], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let laterEdit = change("e2", ["note": .string("oops")], at: hlc(30, 0, "laptop"), basis: insert.clock)
        for edit in [earlierEdit, laterEdit] {
            for order in permutations([delete, edit]) {
                let (records, outcomes) = merge([insert] + order)
                let record = records.values.first!
                #expect(record.isDeleted)
                let conflicts = outcomes.flatMap(\.conflicts)
                #expect(conflicts.map(\.kind) == [.editAfterDelete])
                #expect(conflicts.first?.lost == edit.fields.values.first)
                #expect(conflicts.first?.kept == nil)
                #expect(conflicts.first?.id == "edit_after_delete:\(edit.id):\(edit.fields.keys.first!)")
            }
        }
    }

    @Test("an edit the delete had seen is history, not a conflict; a restore revives the record")
    func seenEditAndRevive() throws {
        let edit = change("e", ["units": .double(8)], at: hlc(10, 0, "laptop"), basis: insert.clock)
        let delete = change("d", .delete, at: hlc(20, 0, "desktop"), basis: edit.clock)
        let afterDelete = change("late", ["note": .string("kept for restore")], at: hlc(25, 0, "phone"), basis: edit.clock)
        var (records, outcomes) = merge([insert, delete, edit, afterDelete])
        let conflicts = outcomes.flatMap(\.conflicts)
        #expect(conflicts.map(\.lostChangeID) == ["late"])
        var clock = try HybridLogicalClock(deviceID: "phone")
        let restore = try SyncMerge.restore(conflicts[0], record: records.values.first!, changeID: "r", clock: &clock,
                                            wall: Date(timeIntervalSince1970: Double(t0 + 40) / 1000))
        #expect(restore.operation == .insert)
        _ = SyncMerge.apply([restore], to: &records)
        #expect(!records.values.first!.isDeleted)
        #expect(records.values.first!.values["note"] == .string("kept for restore"))
        #expect(records.values.first!.values["units"] == .double(8))
    }

    @Test("the same change twice is a duplicate and changes nothing")
    func duplicate() {
        let a = change("a", ["units": .double(11)], at: hlc(10, 0, "laptop"))
        let (records, outcomes) = merge([insert, a, a, insert])
        #expect(outcomes.map(\.status) == [.applied, .applied, .duplicate, .duplicate])
        #expect(outcomes[2].record == outcomes[1].record)
        #expect(records.values.first!.values["units"] == .double(11))
    }

    @Test("the merged records do not depend on arrival order (all permutations of 4 changes)", arguments: [false, true])
    func orderIndependence(withDelete: Bool) {
        let changes = [
            insert,
            change("a", ["units": .double(11), "note": .string("a")], at: hlc(10, 0, "laptop")),
            change("b", ["note": .string("b")], at: hlc(10, 1, "desktop")),
            withDelete ? change("d", .delete, at: hlc(15, 0, "phone"), basis: insert.clock)
                : change("c", ["units": .double(12)], at: hlc(12, 0, "phone")),
        ]
        let all = permutations(changes)
        #expect(all.count == 24)
        let reference = merge(changes)
        for order in all {
            let (records, outcomes) = merge(order)
            #expect(visible(records) == visible(reference.records))
            // A value from another device than the final winner's, which it had not seen, is
            // reported whatever the order (other reports depend on which edit met it first).
            let reported = Set(outcomes.flatMap(\.conflicts).map(\.id))
            let always: Set<String> = withDelete ? ["edit_after_delete:b:note", "edit_after_delete:a:units"]
                : ["field_overwritten:a:units", "field_overwritten:a:note"]
            #expect(always.isSubset(of: reported), "\(order.map(\.id))")
            // Applying everything again changes nothing.
            var again = records
            #expect(SyncMerge.apply(order, to: &again).allSatisfy { $0.status == .duplicate })
            #expect(again == records)
        }
        if withDelete {
            #expect(reference.records.values.first!.isDeleted)
        } else {
            #expect(reference.records.values.first!.values["units"] == .double(12))
            #expect(reference.records.values.first!.values["note"] == .string("b"))
        }
    }

    @Test("changes and values are Codable as JSON")
    func codable() throws {
        let original = change("a", ["units": .double(10.5), "count": .int(3), "done": .bool(true), "note": .null,
                                    "text": .string("hi")], at: hlc(1, 2, "laptop"), basis: hlc(0, 0, "desktop"))
        let data = try JSONEncoder().encode(original)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"record_id\":\"dose-1\""))
        #expect(text.contains("\"clock\":\"1773194400001-0002-laptop\""))
        #expect(try JSONDecoder().decode(Change.self, from: data) == original)
        #expect(original.deviceID == "laptop")
        #expect(SyncValue.int(4).doubleValue == 4)
    }
}
