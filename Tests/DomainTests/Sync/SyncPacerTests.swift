import Core
import Domain
import Foundation
import Testing

@Suite struct SyncPacerTests {
    let t0 = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func theFirstLookSyncsThenLocalWritesGoSoonAndIdleTimeWaitsMinutes() {
        var pacer = SyncPacer()
        #expect(pacer.isDue(now: t0, pending: 0))
        pacer.record(success: true, at: t0)
        #expect(!pacer.isDue(now: t0.addingTimeInterval(4), pending: 1))
        #expect(pacer.isDue(now: t0.addingTimeInterval(5), pending: 1))
        #expect(!pacer.isDue(now: t0.addingTimeInterval(299), pending: 0))
        #expect(pacer.isDue(now: t0.addingTimeInterval(300), pending: 0))
    }

    @Test func failuresBackOffByDoublingUpToFifteenMinutesAndASuccessResets() {
        var pacer = SyncPacer()
        var now = t0
        var waits: [TimeInterval] = []
        for _ in 0..<8 {
            pacer.record(success: false, at: now)
            waits.append(pacer.backoff)
            #expect(!pacer.isDue(now: now.addingTimeInterval(pacer.backoff - 1), pending: 5))
            now = now.addingTimeInterval(pacer.backoff)
            #expect(pacer.isDue(now: now, pending: 5))
        }
        #expect(waits == [30, 60, 120, 240, 480, 900, 900, 900])
        pacer.record(success: true, at: now)
        #expect(pacer.failures == 0)
        #expect(pacer.isDue(now: now.addingTimeInterval(5), pending: 1))
    }

    @Test func aWallClockThatWentBackDoesNotStopSyncing() {
        var pacer = SyncPacer()
        pacer.record(success: true, at: t0)
        #expect(pacer.isDue(now: t0.addingTimeInterval(-3600), pending: 0))
    }
}

@Suite struct SyncValidationTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func dose(_ units: Double, kind: String = "long", takenAt: Date? = nil, note: String? = nil) -> [String: SyncValue] {
        ["kind": .string(kind), "units": .double(units), "taken_at": .int(Int64((takenAt ?? now).timeIntervalSince1970 * 1000)),
         "note": note.map { .string($0) } ?? .null]
    }

    func code(_ table: String, _ values: [String: SyncValue]) -> String? {
        do {
            try SyncValidation.validate(table: table, values: values, now: now)
            return nil
        } catch let error as AppError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    @Test func aDosePassesTheRulesOfTheInsulinLog() {
        #expect(code("insulin_doses", dose(20)) == nil)
        #expect(code("insulin_doses", dose(500)) == "invalid_units")
        #expect(code("insulin_doses", dose(2.3)) == "invalid_units")
        #expect(code("insulin_doses", dose(4, kind: "medium")) == "invalid_kind")
        #expect(code("insulin_doses", dose(4, note: String(repeating: "x", count: 501))) == "invalid_note")
    }

    @Test func aDeviceClockHoursFastIsNotAFutureDoseButADayAheadIs() {
        #expect(code("insulin_doses", dose(4, takenAt: now.addingTimeInterval(3 * 3600))) == nil)
        #expect(code("insulin_doses", dose(4, takenAt: now.addingTimeInterval(25 * 3600))) == "future_dose")
    }

    @Test func timesAndDaysStayInsideThePlausibleYears() {
        #expect(code("insulin_doses", dose(4, takenAt: Date(timeIntervalSince1970: -62_135_596_800))) == "invalid_date")
        #expect(code("workouts", ["started_at": .int(-62_135_596_800_000)]) == "invalid_date")
        #expect(code("diet_entries", ["day": .string("0001-01-01"), "meal": .string("lunch")]) == "invalid_date")
        #expect(code("diet_entries", ["day": .string("2026-12-01"), "meal": .string("lunch")]) == nil)
    }

    @Test func otherKindsKeepTheirRanges() {
        #expect(code("weights", ["kg": .double(70)]) == nil)
        #expect(code("weights", ["kg": .double(7000)]) == "invalid_weight")
        #expect(code("diet_entries", ["meal": .string("brunch")]) == "invalid_meal")
        #expect(code("quest_entries", ["quest_number": .int(31)]) == "invalid_quest")
        #expect(code("supplement_intakes", ["day": .string("yesterday")]) == "invalid_day")
        #expect(code("insulin_settings", ["long_guard_minutes": .int(5000)]) == "invalid_settings")
    }
}
