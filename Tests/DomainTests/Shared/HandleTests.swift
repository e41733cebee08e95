import Core
import Domain
import Foundation
import Testing

/// The fake database's lookup over entries of `kind` with these ids, created in this order (so
/// the last one is the latest).
func listedRecords(_ ids: [String], kind: RecordKind = .dose, ownerID: String = "me") -> FakeRecordLookup {
    let memory = FakeDatabase()
    let t0 = Date(timeIntervalSince1970: 1_764_500_000)
    memory.seed { tables in
        for (index, id) in ids.enumerated() {
            let created = t0.addingTimeInterval(Double(index))
            switch kind {
            case .dose:
                tables.doses[id] = Dose(id: id, ownerID: ownerID, kind: .long, units: 10, takenAt: created, note: nil,
                                        createdAt: created, updatedAt: created)
            case .workout:
                tables.workouts[id] = WorkoutSession(id: id, ownerID: ownerID, startedAt: created, kind: .strength, title: nil, notes: nil,
                                                     durationMinutes: nil, felt: nil, sets: [], wod: nil, createdAt: created,
                                                     updatedAt: created)
            default:
                Issue.record("listedRecords seeds doses and workouts, not \(kind)")
            }
        }
    }
    return FakeRecordLookup(memory: memory)
}

@Suite("Handles: short names a person can type")
struct HandleTests {
    let a = "019ad3c2-1111-7aaa-8bbb-00000abc1234"
    let b = "019ad3c2-2222-7aaa-8bbb-00000abd1234"
    let c = "019ad3c2-3333-7aaa-8bbb-0000000f00d1"

    @Test func aHandleIsTheRandomTailNotTheTimePrefix() {
        #expect(Handle.of(a) == "abc1234")
        #expect(Handle.of("019AD3C2-1111-7AAA-8BBB-00000ABC1234") == "abc1234")
    }

    @Test func aListLengthensOnlyTheHandlesThatWouldCollide() {
        let x = "019ad3c2-1111-7aaa-8bbb-0000a1234567"
        let y = "019ad3c2-2222-7aaa-8bbb-0000b1234567"
        let handles = Handle.handles(for: [x, y, c])
        #expect(handles[x] == "a1234567")
        #expect(handles[y] == "b1234567")
        #expect(handles[c] == "00f00d1")
    }

    @Test func resolvesAHandleAFullIdAndLast() throws {
        let ids = RecordIDs(lookup: listedRecords([a, b, c]))
        #expect(try ids.resolve("0f00d1", kind: .dose, ownerID: "me") == c)
        #expect(try ids.resolve(" 00F00D1 ", kind: .dose, ownerID: "me") == c)
        #expect(try ids.resolve(a, kind: .dose, ownerID: "me") == a)
        #expect(try ids.resolve("last", kind: .dose, ownerID: "me") == c)
    }

    @Test func aHandleMatchingTwoIsRefusedShowingBoth() throws {
        let ids = RecordIDs(lookup: listedRecords([a, b, c]))
        let error = try #require(catching { _ = try ids.resolve("1234", kind: .dose, ownerID: "me") })
        #expect(error.code == "dose_not_found") // too short to be a handle
        let short = try #require(catching { _ = try ids.resolve("c1234", kind: .dose, ownerID: "me") })
        #expect(short.code == "dose_not_found")
        let two = try #require(catching {
            _ = try RecordIDs(lookup: listedRecords([a, "019ad3c2-9999-7aaa-8bbb-0000fabc1234"], kind: .workout)).resolve("abc1234", kind: .workout, ownerID: "me")
        })
        #expect(two.code == "ambiguous_id")
        #expect(two.message.contains("0abc1234") && two.message.contains("fabc1234"), "\(two.message)")
    }

    @Test func lastWithNothingYetIsNotFound() throws {
        let error = try #require(catching { _ = try RecordIDs(lookup: listedRecords([])).resolve("last", kind: .run, ownerID: "me") })
        #expect(error.code == "activity_not_found")
        #expect(error.kind == .notFound)
    }

    func catching(_ body: () throws -> Void) -> AppError? {
        do { try body() } catch let error as AppError { return error } catch { return nil }
        return nil
    }
}
