import Core
import Domain
import Foundation
import Testing

@Suite("Validation comes before the guards, and force never skips it")
struct ValidationTests {
    let now = utc("2026-03-11 03:00")

    static let invalidUnits: [Double] = [0, -1, -0.5, 100.5, 101, 2.25, 0.25, 4.1, .nan, .infinity, -.infinity, 1e300]
    static let validUnits: [Double] = [0.5, 1, 4.5, 99.5, 100]

    @Test("invalid units are refused with invalid_units", arguments: invalidUnits)
    func invalidUnitsRefused(units: Double) throws {
        let world = World(now: now)
        for kind in InsulinKind.allCases {
            let error = #expect(throws: AppError.self) { try world.log(kind, units: units) }
            #expect(error?.code == "invalid_units")
            #expect(error?.kind == .invalidInput)
        }
        #expect(world.store.liveDoses.isEmpty)
    }

    @Test("force does not let invalid units through", arguments: invalidUnits)
    func forceDoesNotSkipUnits(units: Double) throws {
        let world = World(now: now)
        let error = #expect(throws: AppError.self) { try world.log(.long, units: units, force: true) }
        #expect(error?.code == "invalid_units")
        #expect(world.store.liveDoses.isEmpty)
    }

    @Test("valid units in 0.5 steps up to 100 are accepted", arguments: validUnits)
    func validUnitsAccepted(units: Double) throws {
        let world = World(now: now)
        #expect(try world.log(.long, units: units).units == units)
        #expect(try world.log(.rapid, units: units).units == units)
    }

    @Test("the DoseRules unit check agrees with the use case")
    func doseRulesDirect() {
        for units in Self.validUnits { #expect(throws: Never.self) { try DoseRules.validate(units: units) } }
        for units in Self.invalidUnits { #expect(throws: AppError.self) { try DoseRules.validate(units: units) } }
        #expect(DoseRules.maximumUnits == 100)
        #expect(DoseRules.futureTolerance == 300)
    }

    @Test("a dose more than 5 min in the future is refused with future_dose", arguments: [301, 360, 3600, 86_400] as [Double])
    func futureRefused(secondsAhead: Double) throws {
        let world = World(now: now)
        let error = #expect(throws: AppError.self) { try world.log(.long, at: now.adding(seconds: secondsAhead)) }
        #expect(error?.code == "future_dose")
        #expect(error?.kind == .invalidInput)
        #expect(world.store.liveDoses.isEmpty)
    }

    @Test("the future check names the time in the settings zone")
    func futureMessage() throws {
        let world = World(now: now) // 12:00 in Seoul
        let error = #expect(throws: AppError.self) { try world.log(.long, at: now.adding(minutes: 6)) }
        #expect(error?.message.contains("12:06") == true)
        #expect(error?.message.contains("2026-03-11") == true)
    }

    @Test("up to 5 min in the future is accepted", arguments: [0, 60, 240, 300] as [Double])
    func nearFutureAccepted(secondsAhead: Double) throws {
        let world = World(now: now)
        let dose = try world.log(.long, at: now.adding(seconds: secondsAhead))
        #expect(dose.takenAt == now.adding(seconds: secondsAhead))
    }

    @Test("force does not let a future dose through")
    func forceDoesNotSkipFuture() throws {
        let world = World(now: now)
        let error = #expect(throws: AppError.self) { try world.log(.rapid, at: now.adding(minutes: 6), force: true) }
        #expect(error?.code == "future_dose")
    }

    @Test("an invalid dose that would also hit the guard reports the validation error")
    func validationBeforeGuard() throws {
        let world = World(now: now)
        try world.log(.long, at: now.adding(hours: -1))
        try world.log(.rapid, units: 4, at: now.adding(minutes: -1))

        let units = #expect(throws: AppError.self) { try world.log(.long, units: 0) }
        #expect(units?.code == "invalid_units")
        let future = #expect(throws: AppError.self) { try world.log(.long, at: now.adding(minutes: 6)) }
        #expect(future?.code == "future_dose")
        let rapidUnits = #expect(throws: AppError.self) { try world.log(.rapid, units: 4.25) }
        #expect(rapidUnits?.code == "invalid_units")
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("a note of up to 500 characters is kept; a longer one is refused with invalid_note")
    func noteLength() throws {
        let world = World(now: now)
        let ok = String(repeating: "가", count: 500)
        #expect(try world.log(.long, note: ok).note == ok)
        let error = #expect(throws: AppError.self) {
            try world.log(.rapid, note: String(repeating: "x", count: 501), force: true)
        }
        #expect(error?.code == "invalid_note")
        #expect(world.store.liveDoses.count == 1)
    }

    @Test("a client id that is not a UUID is refused with invalid_id", arguments: ["not-a-uuid", "", "0190-abc", "zzzzzzzz-zzzz-7zzz-8zzz-zzzzzzzzzzzz"])
    func invalidID(id: String) throws {
        let world = World(now: now)
        let error = #expect(throws: AppError.self) { try world.log(.long, id: id) }
        #expect(error?.code == "invalid_id")
        #expect(error?.kind == .invalidInput)
        #expect(world.store.liveDoses.isEmpty)
    }

    @Test("edit validates units, time and note before anything else, even when forced")
    func editValidation() throws {
        let world = World(now: now)
        let dose = try world.log(.long, at: now.adding(hours: -1))
        let edit = world.insulin.editDose

        let units = #expect(throws: AppError.self) {
            try edit(ownerID: Owner.local, id: dose.id, .init(units: 0, force: true))
        }
        #expect(units?.code == "invalid_units")
        let future = #expect(throws: AppError.self) {
            try edit(ownerID: Owner.local, id: dose.id, .init(takenAt: now.adding(minutes: 6), force: true))
        }
        #expect(future?.code == "future_dose")
        let note = #expect(throws: AppError.self) {
            try edit(ownerID: Owner.local, id: dose.id, .init(note: .some(String(repeating: "n", count: 501))))
        }
        #expect(note?.code == "invalid_note")
        // Validation wins over "not found" too.
        let unknown = #expect(throws: AppError.self) {
            try edit(ownerID: Owner.local, id: "0190a000-0000-7000-8000-000000000000", .init(units: 100.5))
        }
        #expect(unknown?.code == "invalid_units")

        #expect(world.store.liveDoses == [dose])
    }
}
