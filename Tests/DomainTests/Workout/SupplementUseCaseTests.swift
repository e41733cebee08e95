import Core
import Domain
import Foundation
import Testing

@Suite("Supplement use cases: schedule, taking, today's checklist, adherence")
struct SupplementUseCaseTests {
    /// Tuesday 10 November 2026, 08:00 in Seoul: when the supplements are added.
    let added = WO.at("2026-11-10 08:00")

    func makeWorld(now text: String = "2026-11-26 20:30") -> WorkoutWorld { WorkoutWorld(now: WO.at(text)) }

    @discardableResult
    func addCreatine(_ world: WorkoutWorld, times: [String] = ["20:00", "08:00"]) throws -> Supplement {
        try world.supplements(at: added).add(ownerID: world.owner, name: " creatine ", amount: 5, unit: "g", times: times.map(WO.clock),
                                             weekdays: [])
    }

    func slot(_ world: WorkoutWorld, at text: String, _ name: String = "creatine", force: Bool = false) throws -> String {
        try world.supplements(at: WO.at(text)).take(ownerID: world.owner, name: name, force: force).slot?.description ?? "extra"
    }

    @Test("adding: the name trimmed, the times sorted and deduplicated, every day when no weekday is given")
    func add() throws {
        let world = makeWorld()
        let creatine = try world.supplements(at: added).add(ownerID: world.owner, name: " creatine ", amount: 5, unit: " g ",
                                                            times: ["20:00", "08:00", "08:00"].map(WO.clock), weekdays: [5, 1, 1])
        #expect(creatine.name == "creatine")
        #expect(creatine.unit == "g")
        #expect(creatine.times == ["08:00", "20:00"].map(WO.clock))
        #expect(creatine.weekdays == [1, 5])
        #expect(creatine.createdAt == added)
        #expect(try world.supplements().list(ownerID: world.owner) == [creatine])
        #expect(try world.supplements().list(ownerID: "someone").isEmpty)
    }

    @Test("adding refuses a blank name, a non-positive amount, no unit, no time, a bad weekday, a name already there")
    func addRefusals() throws {
        let world = makeWorld()
        let useCases = world.supplements()
        func add(name: String = "zinc", amount: Double = 15, unit: String = "mg", times: [String] = ["08:00"], days: [Int] = []) -> AppError? {
            WO.error { _ = try useCases.add(ownerID: world.owner, name: name, amount: amount, unit: unit, times: times.map(WO.clock), weekdays: days) }
        }
        #expect(add(name: "  ")?.code == "invalid_supplement")
        #expect(add(name: String(repeating: "z", count: 61))?.code == "invalid_supplement")
        #expect(add(amount: 0)?.code == "invalid_supplement")
        #expect(add(amount: -5)?.code == "invalid_supplement")
        #expect(add(amount: .nan)?.code == "invalid_supplement")
        #expect(add(unit: " ")?.code == "invalid_supplement")
        #expect(add(times: [])?.code == "invalid_supplement")
        #expect(add(days: [0])?.code == "invalid_supplement")
        #expect(add(days: [8])?.code == "invalid_supplement")
        #expect(add() == nil)
        let duplicate = try #require(add(name: "ZINC"))
        #expect(duplicate.kind == .conflict)
        #expect(duplicate.code == "supplement_exists")
        #expect(try useCases.list(ownerID: world.owner).map(\.name) == ["zinc"])
    }

    @Test("taking picks the slot whose time has come, else the next; a third take is refused; --force takes an extra")
    func takeTwoSlots() throws {
        let world = makeWorld()
        try addCreatine(world)
        #expect(try slot(world, at: "2026-11-26 09:00") == "08:00")
        // The 08:00 dose is taken: the next open one is 20:00.
        #expect(try slot(world, at: "2026-11-26 09:05", "CREATINE") == "20:00")
        let refused = try #require(WO.error { _ = try slot(world, at: "2026-11-26 21:00") })
        #expect(refused.kind == .conflict)
        #expect(refused.code == "already_taken")
        #expect(refused.message == "creatine is already taken for every time of today") // the command adds "; add --force to take another"
        #expect(try slot(world, at: "2026-11-26 21:00", force: true) == "extra")
        #expect(WO.error { _ = try slot(world, at: "2026-11-26 21:01") }?.code == "already_taken")
        // A new day opens every slot again.
        #expect(try slot(world, at: "2026-11-27 07:00") == "08:00")
        #expect(world.memory.allIntakes.map { $0.day.description } == ["2026-11-26", "2026-11-26", "2026-11-26", "2026-11-27"])
        #expect(world.memory.writesOutsideTransaction == 0)
    }

    @Test("late in the day, the earliest open slot that is due is taken first")
    func takeLate() throws {
        let world = makeWorld()
        try addCreatine(world)
        #expect(try slot(world, at: "2026-11-26 21:00") == "08:00")
        #expect(try slot(world, at: "2026-11-26 21:01") == "20:00")
        // Before any time of the day has come, the first one.
        #expect(try slot(world, at: "2026-11-27 06:00") == "08:00")
    }

    @Test("once a day: the second take is refused until forced")
    func takeOnce() throws {
        let world = makeWorld()
        _ = try world.supplements(at: added).add(ownerID: world.owner, name: "magnesium", amount: 400, unit: "mg",
                                             times: [WO.clock("22:00")], weekdays: [])
        #expect(try slot(world, at: "2026-11-26 22:10", "magnesium") == "22:00")
        #expect(WO.error { _ = try slot(world, at: "2026-11-26 22:11", "magnesium") }?.kind == .conflict)
        #expect(try slot(world, at: "2026-11-26 22:12", "magnesium", force: true) == "extra")
        #expect(world.memory.allIntakes.map { $0.slot?.description ?? "extra" } == ["22:00", "extra"])
    }

    @Test("weekdays: not scheduled today, it is not on the checklist; taking it is an extra, a second one needs --force")
    func weekdays() throws {
        let world = makeWorld(now: "2026-11-26 09:00") // a Thursday
        _ = try world.supplements(at: added).add(ownerID: world.owner, name: "fish oil", amount: 1, unit: "capsule", times: [WO.clock("08:00")],
                                             weekdays: [1, 3, 5])
        #expect(try world.supplements().today(ownerID: world.owner).items.isEmpty)
        #expect(try slot(world, at: "2026-11-26 09:00", "fish oil") == "extra")
        #expect(WO.error { _ = try slot(world, at: "2026-11-26 10:00", "fish oil") }?.code == "already_taken")
        #expect(try slot(world, at: "2026-11-26 10:00", "fish oil", force: true) == "extra")
        // Friday it is due.
        let friday = try world.supplements(at: WO.at("2026-11-27 09:00")).today(ownerID: world.owner)
        #expect(friday.date == WO.day("2026-11-27"))
        #expect(friday.items.map { "\($0.supplement.name) \($0.slot)" } == ["fish oil 08:00"])
        #expect(try slot(world, at: "2026-11-27 09:00", "fish oil") == "08:00")
    }

    @Test("today's checklist: sorted by time then name, taken marks, overdue 30 minutes past the time")
    func checklist() throws {
        let world = makeWorld()
        try addCreatine(world)
        _ = try world.supplements(at: added).add(ownerID: world.owner, name: "vitamin d", amount: 1000, unit: "IU", times: [WO.clock("08:00")],
                                             weekdays: [])
        func items(at text: String) throws -> [String] {
            try world.supplements(at: WO.at(text)).today(ownerID: world.owner).items.map {
                "\($0.slot) \($0.supplement.name)\($0.taken ? " taken" : "")\($0.overdue ? " overdue" : "")"
            }
        }
        #expect(try items(at: "2026-11-26 08:29") == ["08:00 creatine", "08:00 vitamin d", "20:00 creatine"])
        #expect(try items(at: "2026-11-26 08:30") == ["08:00 creatine overdue", "08:00 vitamin d overdue", "20:00 creatine"])
        _ = try slot(world, at: "2026-11-26 08:40", "vitamin d")
        #expect(try items(at: "2026-11-26 20:30") == ["08:00 creatine overdue", "08:00 vitamin d taken", "20:00 creatine overdue"])
        // A forced extra dose ticks no slot.
        _ = try slot(world, at: "2026-11-26 20:31", "vitamin d", force: true)
        _ = try slot(world, at: "2026-11-26 20:32", "creatine")
        #expect(try items(at: "2026-11-26 20:33") == ["08:00 creatine taken", "08:00 vitamin d taken", "20:00 creatine overdue"])
        // Yesterday's intakes are not today's.
        #expect(try items(at: "2026-11-27 07:00") == ["08:00 creatine", "08:00 vitamin d", "20:00 creatine"])
    }

    @Test("adherence: taken slots over scheduled slots, from the day each was added to today")
    func adherence() throws {
        let world = makeWorld()
        try addCreatine(world)
        _ = try world.supplements(at: added).add(ownerID: world.owner, name: "fish oil", amount: 1, unit: "capsule", times: [WO.clock("08:00")],
                                             weekdays: [1, 3, 5])
        for time in ["2026-11-10 08:05", "2026-11-10 20:05", "2026-11-11 08:05", "2026-11-11 20:05"] {
            _ = try slot(world, at: time)
        }
        _ = try slot(world, at: "2026-11-11 20:06", force: true) // an extra: not counted
        _ = try slot(world, at: "2026-11-11 08:05", "fish oil")
        _ = try slot(world, at: "2026-11-12 08:05", "fish oil", force: true) // Thursday: an extra
        let november = try world.supplements().adherence(ownerID: world.owner, month: nil)
        // Creatine: 10 … 26 November, 17 days × 2. Fish oil: Wed 11, 18, 25; Fri 13, 20; Mon 16, 23.
        #expect(november.map { "\($0.supplement.name) \($0.taken)/\($0.scheduled)" } == ["creatine 4/34", "fish oil 1/7"])
        let october = try world.supplements().adherence(ownerID: world.owner, month: YearMonth("2026-10")!)
        #expect(october.map { "\($0.supplement.name) \($0.taken)/\($0.scheduled)" } == ["creatine 0/0", "fish oil 0/0"])
        #expect(try world.supplements().adherence(ownerID: world.owner, month: YearMonth("2026-12")!).isEmpty)
        // Seen from a later month, the whole month counts: 21 days × 2, and Fri 27 and Mon 30 for fish oil.
        let december = try world.supplements(at: WO.at("2026-12-15 12:00")).adherence(ownerID: world.owner, month: YearMonth("2026-11")!)
        #expect(december.map { "\($0.supplement.name) \($0.taken)/\($0.scheduled)" } == ["creatine 4/42", "fish oil 1/9"])
    }

    @Test("removing: gone from the list and the checklist; taking it is not found; the name can be used again")
    func remove() throws {
        let world = makeWorld()
        try addCreatine(world)
        try world.supplements().remove(ownerID: world.owner, name: "Creatine")
        #expect(try world.supplements().list(ownerID: world.owner).isEmpty)
        #expect(try world.supplements().today(ownerID: world.owner).items.isEmpty)
        let missing = try #require(WO.error { _ = try slot(world, at: "2026-11-26 20:30") })
        #expect(missing.kind == .notFound)
        #expect(missing.code == "supplement_not_found")
        #expect(WO.error { try world.supplements().remove(ownerID: world.owner, name: "creatine") }?.code == "supplement_not_found")
        #expect(try addCreatine(world).name == "creatine")
        // Another owner never sees it.
        #expect(WO.error { _ = try world.supplements().take(ownerID: "someone", name: "creatine") }?.code == "supplement_not_found")
    }
}
