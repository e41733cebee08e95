import Core
import Data
import Domain
import Foundation
import Testing

@Suite("Contract: Transactor")
struct TransactorContract {
    func dose(_ id: String) -> Dose {
        Dose(id: id, ownerID: "ana", kind: .long, units: 10, takenAt: Contract.t0, note: nil, createdAt: Contract.t0, updatedAt: Contract.t0)
    }

    @Test("a write that returns commits every change", arguments: Backend.allCases)
    func commits(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let value = try stores.transactor.write {
            try stores.doses.insert(dose("a"))
            try stores.journeys.insert(contractJourney("j"))
            return 42
        }
        #expect(value == 42)
        #expect(try stores.doses.dose(id: "a", ownerID: "ana") != nil)
        #expect(try stores.journeys.journey(id: "j", ownerID: "ana") != nil)
    }

    @Test("a write that throws takes back every change, in every repository, and rethrows", arguments: Backend.allCases)
    func rollsBack(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.doses.insert(dose("before"))
        #expect(throws: FakeFailure.self) {
            try stores.transactor.write {
                try stores.doses.insert(dose("a"))
                try stores.journeys.insert(contractJourney("j"))
                try stores.diet.saveGoals(NutritionGoals(kcal: 1, protein: 1, carbs: 1, fat: 1), ownerID: "ana", at: Contract.t0)
                throw FakeFailure(reason: "boom")
            }
        }
        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: nil).map(\.id) == ["before"])
        #expect(try stores.journeys.journey(id: "j", ownerID: "ana") == nil)
        #expect(try stores.diet.goals(ownerID: "ana") == nil)
    }

    @Test("a nested write that throws takes back only its own changes", arguments: Backend.allCases)
    func nestedIsASavepoint(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.transactor.write {
            try stores.doses.insert(dose("outer"))
            _ = try? stores.transactor.write {
                try stores.doses.insert(dose("inner"))
                throw FakeFailure(reason: "inner")
            }
            try stores.doses.insert(dose("after"))
        }
        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: nil).map(\.id).sorted() == ["after", "outer"])
    }
}

@Suite("Contract: RecordLookup")
struct RecordLookupContract {
    /// Ids whose tails are what a person types: 019a…-…-<12 hex>, the last seven the handle.
    static func id(_ tail: String) -> String { "019ad3c2-1111-7aaa-8bbb-" + String(repeating: "0", count: 12 - tail.count) + tail }

    /// One live entry of each kind for ana, created one second apart, plus ben's and a deleted one.
    func seeded(_ backend: Backend) throws -> Stores {
        let stores = try Stores(backend)
        func at(_ n: Int64) -> Date { Contract.at(n * Contract.second) }
        try stores.doses.insert(Dose(id: Self.id("AB12345"), ownerID: "ana", kind: .long, units: 10, takenAt: at(0), note: nil, createdAt: at(1),
                                     updatedAt: at(1)))
        try stores.doses.insert(Dose(id: Self.id("cd12345"), ownerID: "ana", kind: .rapid, units: 4, takenAt: at(0), note: nil, createdAt: at(2),
                                     updatedAt: at(2)))
        try stores.doses.insert(Dose(id: Self.id("ef12345"), ownerID: "ben", kind: .long, units: 10, takenAt: at(0), note: nil, createdAt: at(3),
                                     updatedAt: at(3)))
        try stores.doses.insert(Dose(id: Self.id("0912345"), ownerID: "ana", kind: .long, units: 10, takenAt: at(0), note: nil, createdAt: at(4),
                                     updatedAt: at(4), deletedAt: at(5)))
        try stores.workouts.insert(WorkoutSession(id: Self.id("aaaaaa1"), ownerID: "ana", startedAt: at(0), kind: .strength, title: nil,
                                                  notes: nil, durationMinutes: nil, felt: nil, sets: [], wod: nil, createdAt: at(1),
                                                  updatedAt: at(1)))
        for (tail, kind, created) in [("bb11111", ActivityKind.run, Int64(1)), ("bb21111", .hike, 2), ("bb31111", .run, 3)] {
            try stores.activities.insert(Activity(id: Self.id(tail), ownerID: "ana", kind: kind, name: nil, startedAt: at(0), duration: 60,
                                                  movingTime: nil, distance: 100, elevationGain: nil, elevationLoss: nil, source: .manual,
                                                  track: nil, createdAt: at(created), updatedAt: at(created)))
        }
        try stores.diet.insert(DietEntry(id: Self.id("ccccccc"), ownerID: "ana", date: Contract.date("2026-11-30"), meal: .lunch, foodID: nil,
                                         name: "rice", grams: nil, amountText: "300kcal", macros: .zero, createdAt: at(1), updatedAt: at(1)))
        try stores.weights.insert(WeightEntry(id: Self.id("ddddddd"), ownerID: "ana", takenAt: at(0), kilograms: 70, fatPercent: nil,
                                              muscleKilograms: nil, createdAt: at(1), updatedAt: at(1)))
        return stores
    }

    @Test("ids by the tail, in any case: the owner's live entries of the kind, by id", arguments: Backend.allCases)
    func bySuffix(_ backend: Backend) throws {
        let stores = try seeded(backend)
        #expect(try stores.records.ids(of: .dose, ownerID: "ana", endingWith: "12345") == [Self.id("AB12345"), Self.id("cd12345")])
        #expect(try stores.records.ids(of: .dose, ownerID: "ana", endingWith: "ab12345") == [Self.id("AB12345")])
        #expect(try stores.records.ids(of: .dose, ownerID: "ana", endingWith: "0912345").isEmpty)
        #expect(try stores.records.ids(of: .dose, ownerID: "ben", endingWith: "12345") == [Self.id("ef12345")])
        #expect(try stores.records.ids(of: .workout, ownerID: "ana", endingWith: "aaaaa1") == [Self.id("aaaaaa1")])
        #expect(try stores.records.ids(of: .run, ownerID: "ana", endingWith: "1111") == [Self.id("bb11111"), Self.id("bb31111")])
        #expect(try stores.records.ids(of: .run, ownerID: "ana", endingWith: "bb21111").isEmpty)
        #expect(try stores.records.ids(of: .hike, ownerID: "ana", endingWith: "1111") == [Self.id("bb21111")])
        #expect(try stores.records.ids(of: .meal, ownerID: "ana", endingWith: "ccccccc") == [Self.id("ccccccc")])
        #expect(try stores.records.ids(of: .weight, ownerID: "ana", endingWith: "ddddddd") == [Self.id("ddddddd")])
        #expect(try stores.records.ids(of: .weight, ownerID: "ana", endingWith: "ccccccc").isEmpty)
    }

    @Test("the latest: the owner's most recently created live entry of the kind", arguments: Backend.allCases)
    func latest(_ backend: Backend) throws {
        let stores = try seeded(backend)
        #expect(try stores.records.latestID(of: .dose, ownerID: "ana") == Self.id("cd12345"))
        #expect(try stores.records.latestID(of: .dose, ownerID: "ben") == Self.id("ef12345"))
        #expect(try stores.records.latestID(of: .run, ownerID: "ana") == Self.id("bb31111"))
        #expect(try stores.records.latestID(of: .hike, ownerID: "ana") == Self.id("bb21111"))
        #expect(try stores.records.latestID(of: .workout, ownerID: "ana") == Self.id("aaaaaa1"))
        #expect(try stores.records.latestID(of: .meal, ownerID: "ana") == Self.id("ccccccc"))
        #expect(try stores.records.latestID(of: .weight, ownerID: "ana") == Self.id("ddddddd"))
        #expect(try stores.records.latestID(of: .weight, ownerID: "ben") == nil)
    }
}

@Suite("Contract: WeatherCacheRepository")
struct WeatherCacheContract {
    @Test("the last observation per key, with when it was fetched, optionals nil and set", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.weather.cached(key: "37.57,126.98") == nil)
        let clear = WeatherObservation(temperatureC: 21.5, description: "맑음", icon: "01d", city: "Seoul", observedAt: Contract.at(0),
                                       sunrise: Contract.at(-6 * Contract.hour), sunset: Contract.at(6 * Contract.hour))
        try stores.weather.save(key: "37.57,126.98", observation: clear, fetchedAt: Contract.at(5))
        let cached = try #require(try stores.weather.cached(key: "37.57,126.98"))
        #expect(cached.observation == clear)
        #expect(cached.fetchedAt == Contract.at(5))

        let night = WeatherObservation(temperatureC: -3.25, description: "snow", icon: "13n", city: "Seoul", observedAt: Contract.at(Contract.hour),
                                       sunrise: nil, sunset: nil)
        try stores.weather.save(key: "37.57,126.98", observation: night, fetchedAt: Contract.at(Contract.hour))
        try stores.weather.save(key: "52.52,13.40", observation: clear, fetchedAt: Contract.at(1))
        #expect(try stores.weather.cached(key: "37.57,126.98")?.observation == night)
        #expect(try stores.weather.cached(key: "37.57,126.98")?.fetchedAt == Contract.at(Contract.hour))
        #expect(try stores.weather.cached(key: "52.52,13.40")?.observation == clear)
    }
}

@Suite("Contract: ClientCache")
struct ClientCacheContract {
    @Test("one payload per key: saved, replaced, removed", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.clientCache.value(key: "couple/home") == nil)
        let home = Data(#"{"partner":"벤","bridge":{"score":3}}"#.utf8)
        try stores.clientCache.save(key: "couple/home", payload: home, at: Contract.at(0))
        let first = try #require(try stores.clientCache.value(key: "couple/home"))
        #expect(first.payload == home)
        #expect(first.savedAt == Contract.at(0))

        let later = Data(#"{"partner":"Ben"}"#.utf8)
        try stores.clientCache.save(key: "couple/home", payload: later, at: Contract.at(Contract.minute))
        try stores.clientCache.save(key: "couple/calendar", payload: Data("[]".utf8), at: Contract.at(1))
        #expect(try stores.clientCache.value(key: "couple/home")?.payload == later)
        #expect(try stores.clientCache.value(key: "couple/home")?.savedAt == Contract.at(Contract.minute))

        try stores.clientCache.remove(key: "couple/home")
        try stores.clientCache.remove(key: "couple/home")
        #expect(try stores.clientCache.value(key: "couple/home") == nil)
        #expect(try stores.clientCache.value(key: "couple/calendar")?.payload == Data("[]".utf8))
    }
}

@Suite("Contract: PhotoStore")
struct PhotoStoreContract {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case fake, files

        var testDescription: String { rawValue }
    }

    /// The fake, or the files under a fresh folder in the temporary directory (with the fake's
    /// digest: the folder layout does not depend on which 64-hex-digit digest names the bytes).
    func store(_ kind: Kind) -> (store: any PhotoStore, cleanUp: () -> Void) {
        switch kind {
        case .fake:
            return (FakePhotoStore(), {})
        case .files:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-photo-contract-\(UUID().uuidString)").path
            return (FilePhotoStore(directory: folder, digest: FakePhotoStore.digest), { try? FileManager.default.removeItem(atPath: folder) })
        }
    }

    @Test("bytes are stored once under their digest, read back, and removed", arguments: Kind.allCases)
    func roundTrip(_ kind: Kind) throws {
        let (store, cleanUp) = store(kind)
        defer { cleanUp() }
        let photo = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
        let key = try store.store(photo)
        #expect(key.count == 64 && key.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(try store.store(photo) == key)
        let other = try store.store(Data([1, 2, 4]))
        #expect(other != key)
        #expect(try store.data(sha256: key) == photo)

        try store.remove(sha256: key)
        try store.remove(sha256: key)
        #expect(try store.data(sha256: key) == nil)
        #expect(try store.data(sha256: other) == Data([1, 2, 4]))
        #expect(try store.data(sha256: String(repeating: "0", count: 64)) == nil)
        #expect(try store.data(sha256: "../../etc/passwd") == nil)
    }
}
