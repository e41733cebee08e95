import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("Insulin repositories on SQLite")
struct InsulinRepositoryTests {
    let doses: SQLiteDoseRepository
    let settings: SQLiteInsulinSettingsRepository
    let t0 = Date(timeIntervalSince1970: 1_764_500_000)

    init() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        doses = SQLiteDoseRepository(database: database)
        settings = SQLiteInsulinSettingsRepository(database: database)
    }

    func dose(_ id: String, _ kind: InsulinKind, at offset: TimeInterval, owner: String = "local", units: Double = 4) -> Dose {
        Dose(id: id, ownerID: owner, kind: kind, units: units, takenAt: t0.addingTimeInterval(offset), note: id == "a" ? "with note" : nil,
             createdAt: t0, updatedAt: t0)
    }

    @Test func dosesRoundTrip() throws {
        let original = dose("a", .long, at: 0, units: 10.5)
        try doses.insert(original)
        #expect(try doses.dose(id: "a", ownerID: "local") == original)
        #expect(try doses.dose(id: "a", ownerID: "someone-else") == nil)
        #expect(try doses.ownerOfID("a") == "local")
        #expect(try doses.ownerOfID("b") == nil)
    }

    @Test func queriesFilterByOwnerKindIntervalAndDeletion() throws {
        try doses.insert(dose("a", .long, at: 0))
        try doses.insert(dose("b", .rapid, at: 3600))
        try doses.insert(dose("c", .rapid, at: 7200, owner: "other"))
        var deleted = dose("d", .rapid, at: 5400)
        try doses.insert(deleted)
        deleted.deletedAt = t0
        try doses.update(deleted)

        #expect(try doses.doses(ownerID: "local", kind: nil, in: nil).map(\.id) == ["a", "b"])
        #expect(try doses.doses(ownerID: "local", kind: .rapid, in: nil).map(\.id) == ["b"])
        #expect(try doses.doses(ownerID: "local", kind: nil, in: t0.addingTimeInterval(1)..<t0.addingTimeInterval(3600)).isEmpty)
        #expect(try doses.doses(ownerID: "local", kind: nil, in: t0..<t0.addingTimeInterval(3601)).map(\.id) == ["a", "b"])
        #expect(try doses.latest(ownerID: "local", kind: .rapid, atOrBefore: t0.addingTimeInterval(99_999))?.id == "b")
        #expect(try doses.latest(ownerID: "local", kind: .rapid, atOrBefore: t0) == nil)
        #expect(try doses.earliestTakenAt(ownerID: "local") == t0)
        #expect(try doses.earliestTakenAt(ownerID: "nobody") == nil)
    }

    @Test func settingsAreSavedAndUpdatedInPlace() throws {
        var stored = InsulinSettings.defaults(ownerID: "local", timeZoneIdentifier: "Asia/Seoul", now: t0)
        try settings.save(stored)
        #expect(try settings.settings(ownerID: "local") == stored)
        stored.longName = "Tresiba"
        stored.reminder = LocalTime(hour: 21, minute: 30)!
        try settings.save(stored)
        #expect(try settings.settings(ownerID: "local") == stored)
        #expect(try settings.settings(ownerID: "local")?.id == stored.id)
    }

    @Test func theSchemaRefusesAnImpossibleDose() throws {
        #expect(throws: AppError.self) { try doses.insert(dose("x", .long, at: 0, units: 500)) }
    }
}
