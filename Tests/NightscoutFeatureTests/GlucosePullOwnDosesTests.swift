import Foundation
import Testing
import Core
import Data
import Domain
@testable import NightscoutFeature

/// A device that syncs with a tend-server and pulls from that server's `/api/v1` receives each of
/// the person's doses twice: by sync, and as the treatment the API shows for it (`_id` the dose's
/// id). The pull keeps it as that one record.
@Suite("tend glucose pull: the person's own doses, pulled from the tend-server it syncs with")
struct GlucosePullOwnDosesTests {
    static let now = FakeNightscoutSite.now

    static func dose(hoursAgo hours: Double, kind: InsulinKind, units: Double, deleted: Bool = false) -> Dose {
        let time = now.addingTimeInterval(-hours * 3600)
        return Dose(id: UUIDv7.makeString(at: time), ownerID: "local", kind: kind, units: units, takenAt: time, note: nil,
                    createdAt: time, updatedAt: time, deletedAt: deleted ? time : nil)
    }

    func count(_ harness: PullHarness, _ sql: String, _ arguments: [SQLValue] = []) throws -> Int64 {
        try harness.glucose.database.queryOne(sql, arguments)!.get("n", as: Int64.self)
    }

    @Test("a dose synced here, one not synced yet and one deleted here: each is one record, by its own id")
    func ownDosesAreStoredOnce() throws {
        let harness = try PullHarness()
        let settings = try harness.glucose.insulin.settings.current(ownerID: "local")
        let doses = SQLiteDoseRepository(database: harness.glucose.database)
        let synced = Self.dose(hoursAgo: 10, kind: .long, units: 20)
        let notYet = Self.dose(hoursAgo: 3, kind: .rapid, units: 4.5)
        let deletedHere = Self.dose(hoursAgo: 2, kind: .rapid, units: 2, deleted: true)
        try harness.glucose.database.write {
            try doses.insert(synced)
            try doses.insert(deletedHere)
        }
        // As tend-server's /api/v1/treatments shows them, beside an uploader's treatment.
        harness.site.add(treatments: [synced, notYet, deletedHere].map { TreatmentDoses.treatment(for: $0, settings: settings) }
            + [FakeNightscoutSite.treatment(minutesAgo: 60, ["eventType": "Correction Bolus", "insulin": .number(1.5)])])

        let first = harness.run("--json", "glucose", "pull", "--nightscout", GlucosePullTests.site)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json["treatments"] as? [String: Int] == ["added": 2, "skipped": 2, "ignored": 0])
        #expect(first.json["doses_added"] as? Int == 2)
        let live = try harness.glucose.insulin.listDoses(ownerID: "local", in: nil)
        #expect(live.count == 3, "\(live)")
        #expect(live.contains { $0.id == synced.id })
        // The dose not synced yet is here under its own id, as the dose itself: sync meets the same record.
        let pulled = try #require(live.first { $0.id == notYet.id })
        #expect(pulled.kind == .rapid && pulled.units == 4.5 && pulled.takenAt == notYet.takenAt)
        #expect(try count(harness, "SELECT count(*) AS n FROM nightscout_documents WHERE ns_id = ?", [.text(notYet.id)]) == 0)
        #expect(try count(harness, "SELECT count(*) AS n FROM insulin_doses WHERE id = ? AND deleted_at IS NOT NULL",
                          [.text(deletedHere.id)]) == 1, "a dose deleted here stays deleted")
        #expect(try count(harness, "SELECT count(*) AS n FROM insulin_doses") == 4)

        let again = harness.run("--json", "glucose", "pull", "--nightscout", GlucosePullTests.site)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json["treatments"] as? [String: Int] == ["added": 0, "skipped": 4, "ignored": 0])
        #expect(try count(harness, "SELECT count(*) AS n FROM insulin_doses") == 4)
    }

    @Test("a treatment that only looks like Tend's (its _id not a UUIDv7) is an ordinary treatment")
    func lookalikesAreOrdinaryTreatments() throws {
        let harness = try PullHarness()
        harness.site.add(treatments: [.object([
            "_id": "65f0a1b2c3d4e5f601234567", "enteredBy": "tend", "insulinKind": "rapid", "eventType": "Correction Bolus",
            "insulin": 3, "created_at": .string(NightscoutDocuments.isoUTC(Self.now.addingTimeInterval(-600))),
        ])])
        let result = harness.run("--json", "glucose", "pull", "--nightscout", GlucosePullTests.site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json["treatments"] as? [String: Int] == ["added": 1, "skipped": 0, "ignored": 0])
        let live = try harness.glucose.insulin.listDoses(ownerID: "local", in: nil)
        #expect(live.count == 1 && live.first?.id != "65f0a1b2c3d4e5f601234567")
        #expect(try count(harness, "SELECT count(*) AS n FROM nightscout_documents WHERE ns_id = '65f0a1b2c3d4e5f601234567'") == 1)
    }

    @Test("an uploader's treatment whose doses the server made: they keep the server's ids, one synced here is not made again")
    func uploadedTreatmentsKeepTheServersDoseIDs() throws {
        let harness = try PullHarness()
        let doses = SQLiteDoseRepository(database: harness.glucose.database)
        let synced = Self.dose(hoursAgo: 1, kind: .rapid, units: 4)
        let notYet = Self.dose(hoursAgo: 1, kind: .long, units: 18)
        try harness.glucose.database.write { try doses.insert(synced) }
        // As tend-server shows an xDrip+ treatment naming two insulins, with the doses it made.
        harness.site.add(treatments: [FakeNightscoutSite.treatment(minutesAgo: 60, [
            "_id": "65f0a1b2c3d4e5f601234568", "eventType": "Bolus", "enteredBy": "xdrip",
            "insulin": .number(22), "insulinInjections": .string(#"[{"insulin":"NovoRapid","units":4.0},{"insulin":"Lantus","units":18.0}]"#),
            NightscoutTreatments.doseIDsField: .array([.string(synced.id), .string(notYet.id)]),
        ])])
        for _ in 0..<2 {
            let result = harness.run("--json", "glucose", "pull", "--nightscout", GlucosePullTests.site)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let live = try harness.glucose.insulin.listDoses(ownerID: "local", in: nil)
        #expect(Set(live.map(\.id)) == [synced.id, notYet.id], "\(live)")
        let pulled = try #require(live.first { $0.id == notYet.id })
        #expect(pulled.kind == .long && pulled.units == 18)
        #expect(try count(harness, "SELECT count(*) AS n FROM nightscout_documents WHERE ns_id = '65f0a1b2c3d4e5f601234568'") == 1)
        #expect(try count(harness, "SELECT count(*) AS n FROM nightscout_documents WHERE document LIKE '%tendDoseIds%'") == 0,
                "the server's field is not stored as if the uploader had sent it")
    }
}
