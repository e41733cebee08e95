import Core
import Domain
import Foundation
import Testing

@Suite("Editing a dose re-runs the rules")
struct EditDoseTests {
    let now = utc("2026-03-12 03:00")
    let monday = utc("2026-03-10 13:00")  // 22:00 Seoul
    let tuesday = utc("2026-03-11 13:00") // 22:00 Seoul

    func world() throws -> (World, Dose, Dose) {
        let world = World(now: now)
        let a = try world.log(.long, at: monday)
        let b = try world.log(.long, at: tuesday)
        return (world, a, b)
    }

    @Test("moving a long dose next to another is refused and leaves the dose as it was")
    func moveRefused() throws {
        let (world, a, b) = try world()
        let error = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: a.id, .init(takenAt: tuesday.adding(hours: -2)))
        }
        #expect(error?.code == "duplicate_dose")
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("22:00") == true)
        #expect((error?.details as? Dose)?.id == b.id)
        #expect(world.store.liveDoses == [a, b])
    }

    @Test("the same move is allowed when forced")
    func moveForced() throws {
        let (world, a, _) = try world()
        let later = now.adding(hours: 1)
        let edited = try world.useCases(at: later).editDose(
            ownerID: Owner.local, id: a.id, .init(takenAt: tuesday.adding(hours: -2), force: true))
        #expect(edited.takenAt == tuesday.adding(hours: -2))
        #expect(edited.updatedAt == later)
        #expect(edited.createdAt == a.createdAt)
        #expect(world.store.liveDoses.first { $0.id == a.id } == edited)
    }

    @Test("editing a dose without moving it does not clash with itself")
    func noSelfClash() throws {
        let (world, a, _) = try world()
        let edited = try world.insulin.editDose(ownerID: Owner.local, id: a.id, .init(units: 12, note: .some("new pen")))
        #expect(edited.units == 12)
        #expect(edited.note == "new pen")
        #expect(edited.takenAt == a.takenAt)
        #expect(edited.id == a.id)
        // Moving it by a few minutes is fine too: the only neighbour inside 12 h is itself.
        let moved = try world.insulin.editDose(ownerID: Owner.local, id: a.id, .init(takenAt: monday.adding(minutes: 15)))
        #expect(moved.takenAt == monday.adding(minutes: 15))
    }

    @Test("an empty note or an explicit nil removes the note; no change keeps it")
    func noteRemoval() throws {
        let world = World(now: now)
        let dose = try world.log(.rapid, note: "breakfast")
        let kept = try world.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(units: 5))
        #expect(kept.note == "breakfast")
        let cleared = try world.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: .some("")))
        #expect(cleared.note == nil)
        _ = try world.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: .some("again")))
        let clearedByNil = try world.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: .some(nil)))
        #expect(clearedByNil.note == nil)
    }

    @Test("changing a rapid dose into a long one checks the long guard")
    func kindChange() throws {
        let (world, _, b) = try world()
        let rapid = try world.log(.rapid, units: 6, at: tuesday.adding(hours: -3))
        let error = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: rapid.id, .init(kind: .long))
        }
        #expect(error?.code == "duplicate_dose")
        #expect((error?.details as? Dose)?.id == b.id)
        #expect(world.store.liveDoses.first { $0.id == rapid.id }?.kind == .rapid)
    }

    @Test("changing rapid units to match a neighbour inside the window is refused")
    func rapidUnitsEdit() throws {
        let world = World(now: now)
        try world.log(.rapid, units: 4, at: now.adding(minutes: -20))
        let other = try world.log(.rapid, units: 5, at: now.adding(minutes: -15))
        let error = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: other.id, .init(units: 4))
        }
        #expect(error?.code == "duplicate_dose")
        #expect(throws: Never.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: other.id, .init(units: 4, force: true))
        }
    }

    @Test("an uppercase id finds the dose")
    func uppercaseID() throws {
        let (world, a, _) = try world()
        let edited = try world.insulin.editDose(ownerID: Owner.local, id: a.id.uppercased(), .init(units: 11))
        #expect(edited.id == a.id)
        #expect(edited.units == 11)
    }

    @Test("editing an unknown id is not found")
    func unknownID() throws {
        let (world, _, _) = try world()
        let error = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: "0190a000-0000-7000-8000-000000000000", .init(units: 5))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.code == "dose_not_found")
    }

    @Test("another owner's dose is not found")
    func otherOwner() throws {
        let world = World(now: now)
        let theirs = world.seed(.long, at: monday, ownerID: "account-2")
        let error = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: theirs.id, .init(units: 5))
        }
        #expect(error?.kind == .notFound)
        #expect(world.store.allDoses == [theirs])
    }
}

@Suite("Deleting a dose")
struct DeleteDoseTests {
    let now = utc("2026-03-12 03:00")

    @Test("a deleted dose becomes a tombstone and disappears from every list")
    func deletedDisappears() throws {
        let world = World(now: now)
        let keep = try world.log(.rapid, units: 4, at: now.adding(hours: -2))
        let gone = try world.log(.long, at: now.adding(hours: -1))
        let later = now.adding(minutes: 30)

        let deleted = try world.useCases(at: later).deleteDose(ownerID: Owner.local, id: gone.id)
        #expect(deleted.deletedAt == later)
        #expect(deleted.updatedAt == later)

        // The row stays for sync, marked deleted.
        #expect(world.store.allDoses.first { $0.id == gone.id }?.deletedAt == later)

        let list = world.insulin.listDoses
        #expect(try list(ownerID: Owner.local, in: nil) == [keep])
        #expect(try list(ownerID: Owner.local, from: nil, through: nil) == [keep])
        #expect(try list(ownerID: Owner.local, from: date("2026-03-11"), through: date("2026-03-12")) == [keep])
        let error = #expect(throws: AppError.self) { try list.dose(ownerID: Owner.local, id: gone.id) }
        #expect(error?.kind == .notFound)
        #expect(try list.dose(ownerID: Owner.local, id: keep.id) == keep)
    }

    @Test("a deleted long dose no longer triggers the guard")
    func deletedDoesNotGuard() throws {
        let world = World(now: now)
        let mistaken = try world.log(.long, at: now.adding(hours: -1))
        #expect(throws: AppError.self) { try world.log(.long) }
        try world.insulin.deleteDose(ownerID: Owner.local, id: mistaken.id)
        let dose = try world.log(.long)
        #expect(world.store.liveDoses == [dose])
    }

    @Test("a deleted rapid dose no longer triggers the double-tap window")
    func deletedRapid() throws {
        let world = World(now: now)
        let mistaken = try world.log(.rapid)
        try world.insulin.deleteDose(ownerID: Owner.local, id: mistaken.id)
        #expect(throws: Never.self) { try world.log(.rapid) }
    }

    @Test("deleting an unknown id, or deleting twice, is not found")
    func unknownAndTwice() throws {
        let world = World(now: now)
        let unknown = #expect(throws: AppError.self) {
            try world.insulin.deleteDose(ownerID: Owner.local, id: "0190a000-0000-7000-8000-000000000000")
        }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.code == "dose_not_found")

        let dose = try world.log(.long)
        try world.insulin.deleteDose(ownerID: Owner.local, id: dose.id.uppercased())
        let twice = #expect(throws: AppError.self) { try world.insulin.deleteDose(ownerID: Owner.local, id: dose.id) }
        #expect(twice?.kind == .notFound)
        let edit = #expect(throws: AppError.self) {
            try world.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(units: 4))
        }
        #expect(edit?.kind == .notFound)
    }
}

@Suite("Idempotent logging with a client id")
struct IdempotentLogTests {
    let now = utc("2026-03-12 03:00")
    let clientID = "0195f3a2-7c41-7d2e-9b1a-3c5d7e9f1a2b"

    @Test("the same id twice returns the stored dose with created == false and stores one dose")
    func retryReturnsStored() throws {
        let world = World(now: now)
        let first = try world.insulin.logDose(ownerID: Owner.local, .init(id: clientID, kind: .long, units: 10))
        #expect(first.created)
        #expect(first.dose.id == clientID)

        // A retry a minute later returns the first dose and trips no guard.
        let retry = try world.useCases(at: now.adding(minutes: 1))
            .logDose(ownerID: Owner.local, .init(id: clientID, kind: .long, units: 10))
        #expect(retry.created == false)
        #expect(retry.dose == first.dose)
        #expect(world.store.liveDoses.count == 1)
        #expect(world.store.doseInserts == 1)
    }

    @Test("a retry that leaves out units, time or force is the same call; its time, units and note must match where given")
    func retryMatchesWhatItGives() throws {
        let world = World(now: now)
        let takenAt = now.adding(minutes: -30)
        let first = try world.insulin.logDose(ownerID: Owner.local, .init(id: clientID, kind: .rapid, units: 4, takenAt: takenAt,
                                                                         note: "lunch"))
        let later = world.useCases(at: now.adding(minutes: 2))
        for same in [LogDose.Request(id: clientID, kind: .rapid, units: 4, takenAt: takenAt, note: "lunch"),
                     LogDose.Request(id: clientID.uppercased(), kind: .rapid, note: "lunch", force: true),
                     LogDose.Request(id: clientID, kind: .rapid, takenAt: takenAt.addingTimeInterval(0.0004), note: "lunch")] {
            let retry = try later.logDose(ownerID: Owner.local, same)
            #expect(retry.created == false)
            #expect(retry.dose == first.dose)
            #expect(retry.settings == nil, "a retry reads no settings; the caller reads them")
        }
        #expect(world.store.doseInserts == 1)
    }

    @Test("the id of a stored dose with other values is id_conflict, with the stored dose; nothing changes",
          arguments: [LogDose.Request(kind: .long, units: 4), LogDose.Request(kind: .rapid, units: 5),
                      LogDose.Request(kind: .rapid, units: 4, takenAt: utc("2026-03-12 02:00")),
                      LogDose.Request(kind: .rapid, units: 4, note: "dinner"), LogDose.Request(kind: .rapid, units: 4)])
    func otherValuesConflict(_ other: LogDose.Request) throws {
        let world = World(now: now)
        let first = try world.insulin.logDose(ownerID: Owner.local, .init(id: clientID, kind: .rapid, units: 4,
                                                                         takenAt: utc("2026-03-12 02:30"), note: "lunch"))
        var request = other
        request.id = clientID
        let error = #expect(throws: AppError.self) { try world.insulin.logDose(ownerID: Owner.local, request) }
        #expect(error?.code == "id_conflict")
        #expect(error?.kind == .conflict)
        #expect(error?.details as? Dose == first.dose)
        #expect(world.store.liveDoses == [first.dose])
    }

    @Test("an uppercase id is the same id, stored lowercase")
    func caseInsensitive() throws {
        let world = World(now: now)
        let first = try world.insulin.logDose(ownerID: Owner.local, .init(id: clientID.uppercased(), kind: .rapid))
        #expect(first.dose.id == clientID)
        let retry = try world.insulin.logDose(ownerID: Owner.local, .init(id: clientID, kind: .rapid))
        #expect(retry.created == false)
        #expect(world.store.liveDoses.count == 1)
    }

    @Test("another owner's id is not found, as a missing dose is; the id of one's own deleted dose is taken")
    func idTaken() throws {
        let world = World(now: now)
        let theirs = Dose(id: clientID, ownerID: "account-2", kind: .long, units: 10, takenAt: now.adding(hours: -30),
                          note: nil, createdAt: now, updatedAt: now)
        try world.transactor.write { try world.doses.insert(theirs) }
        for request in [LogDose.Request(id: clientID, kind: .long), LogDose.Request(id: clientID, kind: .long, units: 10,
                                                                                   takenAt: now.adding(hours: -30))] {
            let error = #expect(throws: AppError.self) { try world.insulin.logDose(ownerID: Owner.local, request) }
            let missing = #expect(throws: AppError.self) { try world.insulin.listDoses.dose(ownerID: Owner.local, id: clientID) }
            #expect(error?.code == "dose_not_found")
            #expect(error?.kind == .notFound)
            #expect(error?.message == missing?.message)
            #expect(error?.details == nil)
        }
        #expect(world.store.allDoses == [theirs])

        let mine = try world.log(.rapid, id: "0195f3a2-7c41-7d2e-9b1a-000000000001")
        try world.insulin.deleteDose(ownerID: Owner.local, id: mine.id)
        let reused = #expect(throws: AppError.self) { try world.log(.rapid, id: mine.id) }
        #expect(reused?.code == "id_taken")
    }

    @Test("a new client id still passes the guards")
    func newIDStillGuarded() throws {
        let world = World(now: now)
        try world.log(.long, at: now.adding(hours: -1))
        let error = #expect(throws: AppError.self) { try world.log(.long, id: clientID) }
        #expect(error?.code == "duplicate_dose")
        #expect(world.store.liveDoses.count == 1)
    }
}

@Suite("Listing doses by insulin day")
struct ListDosesTests {
    let now = utc("2026-03-12 03:00")

    @Test("a 00:30 dose is listed under the previous insulin day")
    func listByInsulinDay() throws {
        let world = World(now: now)
        let evening = try world.log(.long, at: seoul("2026-03-10 22:00"))
        let lateNight = try world.log(.rapid, at: seoul("2026-03-11 00:30"))
        let morning = try world.log(.rapid, at: seoul("2026-03-11 04:00"))
        let list = world.insulin.listDoses
        #expect(try list(ownerID: Owner.local, from: date("2026-03-10"), through: date("2026-03-10")) == [evening, lateNight])
        #expect(try list(ownerID: Owner.local, from: date("2026-03-11"), through: nil) == [morning])
        #expect(try list(ownerID: Owner.local, from: nil, through: date("2026-03-10")) == [evening, lateNight])
    }

    @Test("an end before the start is refused with invalid_range")
    func invertedRange() throws {
        let world = World(now: now)
        let error = #expect(throws: AppError.self) {
            try world.insulin.listDoses(ownerID: Owner.local, from: date("2026-03-11"), through: date("2026-03-10"))
        }
        #expect(error?.code == "invalid_range")
        #expect(error?.kind == .invalidInput)
    }
}
