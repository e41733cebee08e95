import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("Diet and weight repositories on SQLite")
struct DietWeightRepositoryTests {
    let t0 = Date(timeIntervalSince1970: 1_764_500_000)

    func entry(_ id: String, day: String, meal: Meal = .lunch, owner: String = "local", kcal: Double = 100, offset: TimeInterval = 0) -> DietEntry {
        DietEntry(id: id, ownerID: owner, date: LocalDate(day)!, meal: meal, foodID: id == "q" ? nil : "usda:01001", name: "Butter, salted",
                  grams: id == "q" ? nil : 10.5, amountText: id == "q" ? "250kcal" : "10.5g",
                  macros: Macros(kcal: kcal, protein: 1.25, carbs: 0.5, fat: 8.125),
                  createdAt: t0.addingTimeInterval(offset), updatedAt: t0.addingTimeInterval(offset))
    }

    @Test func entriesRoundTripAndFilterByOwnerDayAndDeletion() throws {
        let store = try NutritionStore()
        let a = entry("a", day: "2026-11-29")
        let b = entry("b", day: "2026-11-30", meal: .breakfast, offset: 10)
        let q = entry("q", day: "2026-11-30", meal: .snack, kcal: 250, offset: 5)
        try store.diet.insert(a)
        try store.diet.insert(b)
        try store.diet.insert(q)
        try store.diet.insert(entry("other", day: "2026-11-30", owner: "someone-else"))
        #expect(try store.diet.entry(id: "a", ownerID: "local") == a)
        #expect(try store.diet.entry(id: "q", ownerID: "local") == q)
        #expect(try store.diet.entry(id: "a", ownerID: "someone-else") == nil)
        #expect(try store.diet.entries(ownerID: "local", from: LocalDate("2026-11-30")!, through: LocalDate("2026-11-30")!).map(\.id) == ["q", "b"])
        #expect(try store.diet.entries(ownerID: "local", from: LocalDate("2026-11-01")!, through: LocalDate("2026-11-30")!).map(\.id) == ["a", "q", "b"])
        var deleted = b
        deleted.deletedAt = t0.addingTimeInterval(60)
        deleted.updatedAt = t0.addingTimeInterval(60)
        try store.diet.update(deleted)
        #expect(try store.diet.entry(id: "b", ownerID: "local") == nil)
        #expect(try store.diet.entries(ownerID: "local", from: LocalDate("2026-11-30")!, through: LocalDate("2026-11-30")!).map(\.id) == ["q"])
        // Soft: the row is still there for sync — taking the deletion back brings the entry back.
        deleted.deletedAt = nil
        try store.diet.update(deleted)
        #expect(try store.diet.entry(id: "b", ownerID: "local") == deleted)
    }

    @Test func anUpdateChangesTheAmountAndMacros() throws {
        let store = try NutritionStore()
        var a = entry("a", day: "2026-11-29")
        try store.diet.insert(a)
        a.grams = 20
        a.amountText = "20g"
        a.macros = Macros(kcal: 143.4, protein: 0.17, carbs: 0.012, fat: 16.222)
        a.updatedAt = t0.addingTimeInterval(30)
        try store.diet.update(a)
        #expect(try store.diet.entry(id: "a", ownerID: "local") == a)
        // Another owner cannot update it.
        let stolen = DietEntry(id: a.id, ownerID: "someone-else", date: a.date, meal: a.meal, foodID: a.foodID, name: a.name, grams: 1,
                           amountText: "1g", macros: .zero, createdAt: a.createdAt, updatedAt: a.updatedAt)
        try store.diet.update(stolen)
        #expect(try store.diet.entry(id: "a", ownerID: "local") == a)
    }

    @Test func goalsAreOneRowPerOwner() throws {
        let store = try NutritionStore()
        #expect(try store.diet.goals(ownerID: "local") == nil)
        try store.diet.saveGoals(NutritionGoals(kcal: 1800, protein: 135, carbs: 200, fat: 60), ownerID: "local", at: t0)
        try store.diet.saveGoals(NutritionGoals(kcal: 2100, protein: 150, carbs: 250, fat: 70), ownerID: "local", at: t0.addingTimeInterval(60))
        try store.diet.saveGoals(NutritionGoals(kcal: 1500, protein: 100, carbs: 150, fat: 50), ownerID: "someone-else", at: t0)
        #expect(try store.diet.goals(ownerID: "local") == NutritionGoals(kcal: 2100, protein: 150, carbs: 250, fat: 70))
        #expect(try store.diet.goals(ownerID: "someone-else") == NutritionGoals(kcal: 1500, protein: 100, carbs: 150, fat: 50))
    }

    @Test func weighingsComeBackOldestFirstForTheirOwner() throws {
        let store = try NutritionStore()
        let late = WeightEntry(id: "w2", ownerID: "local", takenAt: t0.addingTimeInterval(86_400), kilograms: 71.95, fatPercent: 18.5,
                               muscleKilograms: 31.2, createdAt: t0, updatedAt: t0)
        let early = WeightEntry(id: "w1", ownerID: "local", takenAt: t0, kilograms: 72.5, fatPercent: nil, muscleKilograms: nil,
                                createdAt: t0, updatedAt: t0)
        try store.weights.insert(late)
        try store.weights.insert(early)
        try store.weights.insert(WeightEntry(id: "w3", ownerID: "someone-else", takenAt: t0, kilograms: 60, fatPercent: nil,
                                             muscleKilograms: nil, createdAt: t0, updatedAt: t0))
        #expect(try store.weights.entries(ownerID: "local") == [early, late])
        #expect(try store.weights.entries(ownerID: "someone-else").map(\.id) == ["w3"])
    }

    /// Every fresh connection prepares its statements anew: the first weighing on each must land.
    /// (`tend weight log` on a new database failed now and then with "one statement at a time".)
    @Test func theFirstWeighingOnAFreshDatabaseAlwaysLands() throws {
        var failures: [String] = []
        for attempt in 0..<150 {
            let store = try NutritionStore()
            let entry = WeightEntry(id: "w\(attempt)", ownerID: "local", takenAt: t0, kilograms: 70, fatPercent: nil, muscleKilograms: nil,
                                    createdAt: t0, updatedAt: t0)
            do {
                try store.weights.insert(entry)
            } catch {
                failures.append("\(attempt): \(error)")
            }
        }
        #expect(failures.count == 0, "\(failures.count) of 150 failed, first: \(failures.first ?? "")")
    }

    /// The whole loop on SQLite: a day logged through the use cases, read back.
    @Test func aDayThroughTheUseCases() throws {
        let store = try NutritionStore.imported()
        let toast = try store.nutrition.log(ownerID: "local", meal: .breakfast, food: "bread white", amount: "2 slice", date: nil)
        #expect(toast.foodID == "usda:18069")
        #expect(toast.grams == 56)
        let butter = try store.nutrition.log(ownerID: "local", meal: .breakfast, food: "salted butter", amount: "1 tbsp", date: nil)
        #expect(butter.foodID == "usda:01001")
        _ = try store.nutrition.log(ownerID: "local", meal: .snack, food: "quick", amount: "250kcal", date: nil)
        let day = try store.nutrition.day(ownerID: "local", date: nil)
        #expect(day.date == LocalDate("2026-11-30")!)
        #expect(Set(day.entries(.breakfast).map(\.id)) == [toast.id, butter.id])
        #expect(abs(day.totals.kcal - (265 * 0.56 + 717 * 0.142 + 250)) < 1e-9)
        // Once logged, the food comes first in searches.
        #expect(try store.ids("butter").first == "usda:01001")
        _ = try store.nutrition.log(ownerID: "local", meal: .snack, food: "usda:01145", amount: "5g", date: nil)
        #expect(try Set(store.ids("butter").prefix(2)) == ["usda:01001", "usda:01145"])
    }
}
