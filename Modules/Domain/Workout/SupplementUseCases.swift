import FoundationEssentials
import Core

/// Supplements: the items, today's checklist, taking one (once per scheduled slot unless
/// forced) and the month's adherence.
public struct SupplementUseCases: Sendable {
    let supplements: any SupplementRepository
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String
    let events: any DomainEventSink

    public init(supplements: any SupplementRepository, transactor: any Transactor, clock: any Clock,
                timeZone: @escaping @Sendable (_ ownerID: String) -> String, events: any DomainEventSink) {
        self.events = events
        self.supplements = supplements
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
    }

    func zone(_ ownerID: String) -> TimeZone { TimeZone(stored: timeZone(ownerID)) }

    public func add(ownerID: String, name: String, amount: Double, unit: String, times: [LocalTime], weekdays: [Int]) throws -> Supplement {
        let name = name.trimmed
        guard (1...60).contains(name.count) else {
            throw AppError.invalidInput("a name is 1 to 60 characters", code: "invalid_supplement").with(key: "name")
        }
        guard amount.isFinite, amount > 0, amount <= 100_000 else {
            throw AppError.invalidInput("the amount must be more than 0", code: "invalid_supplement").with(key: "amount")
        }
        guard !unit.trimmed.isEmpty, unit.count <= 20 else {
            throw AppError.invalidInput("give a unit such as mg, g, capsule", code: "invalid_supplement").with(key: "unit")
        }
        guard !times.isEmpty, times.count <= 12 else {
            throw AppError.invalidInput("give 1 to 12 times of day", code: "invalid_supplement").with(key: "times")
        }
        guard weekdays.allSatisfy({ (1...7).contains($0) }) else {
            throw AppError.invalidInput("weekdays are mon to sun", code: "invalid_supplement").with(key: "weekdays")
        }
        return try transactor.write(publishing: .supplementsChanged(ownerID: ownerID), to: events) {
            if try supplements.supplements(ownerID: ownerID).contains(where: { $0.name.lowercased() == name.lowercased() }) {
                throw AppError.conflict("'\(name)' is already on the list", code: "supplement_exists").with(["name": name])
            }
            let now = clock.now
            let supplement = Supplement(id: UUIDv7.makeString(at: now), ownerID: ownerID, name: name, amount: amount, unit: unit.trimmed,
                                        times: Array(Set(times)), weekdays: Array(Set(weekdays)), createdAt: now, updatedAt: now)
            try supplements.save(supplement)
            return supplement
        }
    }

    public func list(ownerID: String) throws -> [Supplement] { try supplements.supplements(ownerID: ownerID) }

    public func remove(ownerID: String, name: String) throws {
        try transactor.write(publishing: .supplementsChanged(ownerID: ownerID), to: events) {
            var supplement = try find(ownerID: ownerID, name: name)
            supplement.deletedAt = clock.now
            supplement.updatedAt = clock.now
            try supplements.save(supplement)
        }
    }

    func find(ownerID: String, name: String) throws -> Supplement {
        let wanted = name.trimmed.lowercased()
        guard let supplement = try supplements.supplements(ownerID: ownerID).first(where: { $0.name.lowercased() == wanted }) else {
            throw AppError.notFound("no supplement named '\(name)'", code: "supplement_not_found").with(["name": name])
        }
        return supplement
    }

    /// Takes the first open slot of today whose time has come (else the next one); refused when
    /// every slot of today is taken, unless forced.
    public func take(ownerID: String, name: String, force: Bool = false) throws -> SupplementIntake {
        try transactor.write(publishing: .supplementsChanged(ownerID: ownerID), to: events) {
            let supplement = try find(ownerID: ownerID, name: name)
            let zone = zone(ownerID)
            let now = clock.now
            let today = zone.localDate(of: now)
            let todays = try supplements.intakes(ownerID: ownerID, from: today, through: today).filter { $0.supplementID == supplement.id }
            let slot: LocalTime?
            if supplement.isScheduled(on: today) {
                let taken = Set(todays.compactMap(\.slot))
                let open = supplement.times.filter { !taken.contains($0) }
                let nowTime = zone.localTime(of: now)
                slot = open.first { $0 <= nowTime } ?? open.first
                if slot == nil && !force {
                    throw AppError.conflict("\(supplement.name) is already taken for every time of today",
                                            code: "already_taken")
                }
            } else {
                // A day off the schedule: taking it is allowed (it is recorded as an extra); only a
                // second one that day is a possible double dose.
                slot = nil
                if !todays.isEmpty && !force {
                    throw AppError.conflict("\(supplement.name) was already taken today (not a scheduled day)",
                                            code: "already_taken")
                }
            }
            let intake = SupplementIntake(id: UUIDv7.makeString(at: now), supplementID: supplement.id, ownerID: ownerID, day: today,
                                          slot: slot, takenAt: now)
            try supplements.insert(intake)
            return intake
        }
    }

    public struct Checklist: Sendable, Equatable {
        public struct Item: Sendable, Equatable {
            public let supplement: Supplement
            public let slot: LocalTime
            public let taken: Bool
            /// 30 minutes past its time and not taken.
            public let overdue: Bool
        }

        public let date: LocalDate
        public let items: [Item]
    }

    public func today(ownerID: String) throws -> Checklist {
        let zone = zone(ownerID)
        let now = clock.now
        let today = zone.localDate(of: now)
        let intakes = try supplements.intakes(ownerID: ownerID, from: today, through: today)
        let nowMinutes = zone.localTime(of: now).minutes
        var items: [Checklist.Item] = []
        for supplement in try supplements.supplements(ownerID: ownerID) where supplement.isScheduled(on: today) {
            for slot in supplement.times {
                let taken = intakes.contains { $0.supplementID == supplement.id && $0.slot == slot }
                items.append(.init(supplement: supplement, slot: slot, taken: taken, overdue: !taken && nowMinutes >= slot.minutes + 30))
            }
        }
        return Checklist(date: today, items: items.sorted { ($0.slot, $0.supplement.name) < ($1.slot, $1.supplement.name) })
    }

    /// Taken slots over scheduled slots, from the month's start (or the day each was added) to today.
    public func adherence(ownerID: String, month: YearMonth?) throws -> [(supplement: Supplement, taken: Int, scheduled: Int)] {
        let zone = zone(ownerID)
        let today = zone.localDate(of: clock.now)
        let month = month ?? today.yearMonth
        let last = min(month.lastDay, today)
        guard last >= month.firstDay else { return [] }
        let intakes = try supplements.intakes(ownerID: ownerID, from: month.firstDay, through: last)
        return try supplements.supplements(ownerID: ownerID).map { supplement in
            let first = max(month.firstDay, zone.localDate(of: supplement.createdAt))
            var scheduled = 0
            var day = first
            while day <= last {
                if supplement.isScheduled(on: day) { scheduled += supplement.times.count }
                day = day.adding(days: 1)
            }
            let taken = intakes.filter { $0.supplementID == supplement.id && $0.slot != nil }.count
            return (supplement, min(taken, scheduled), scheduled)
        }
    }
}
