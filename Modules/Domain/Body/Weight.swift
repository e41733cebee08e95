import FoundationEssentials
import Core

/// One weighing.
public struct WeightEntry: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var takenAt: Date
    public var kilograms: Double
    public var fatPercent: Double?
    public var muscleKilograms: Double?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, takenAt: Date, kilograms: Double, fatPercent: Double?, muscleKilograms: Double?,
                createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.takenAt = takenAt
        self.kilograms = kilograms
        self.fatPercent = fatPercent
        self.muscleKilograms = muscleKilograms
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

public protocol WeightRepository: Sendable {
    func insert(_ entry: WeightEntry) throws
    /// Every weighing, oldest first.
    func entries(ownerID: String) throws -> [WeightEntry]
    /// Marks a live weighing deleted (kept as a tombstone for sync); false when there is none.
    func markDeleted(id: String, ownerID: String, at date: Date) throws -> Bool
}

/// The trend of The Hacker's Diet: an exponentially smoothed weight, seeded by the first day,
/// one step per day that has a weighing (that day's last one): trend += 0.1 × (weight − trend).
public struct WeightTrend: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public let date: LocalDate
        public let kilograms: Double
        public let trend: Double
    }

    public let points: [Point]

    public init(entries: [WeightEntry], timeZone: TimeZone) {
        var lastOfDay: [LocalDate: WeightEntry] = [:]
        for entry in entries {
            let day = timeZone.localDate(of: entry.takenAt)
            if let existing = lastOfDay[day], existing.takenAt > entry.takenAt { continue }
            lastOfDay[day] = entry
        }
        var trend: Double?
        points = lastOfDay.keys.sorted().map { day in
            let weight = lastOfDay[day]!.kilograms
            let next = trend.map { $0 + 0.1 * (weight - $0) } ?? weight
            trend = next
            return Point(date: day, kilograms: weight, trend: next)
        }
    }

    /// The trend's change per week: the least-squares slope of the trend over the last 28 days
    /// that have weighings (nil with fewer than two days).
    public var weeklyChange: Double? {
        guard let last = points.last else { return nil }
        let recent = points.filter { $0.date.days(until: last.date) < 28 }
        guard recent.count >= 2 else { return nil }
        let xs = recent.map { Double($0.date.dayNumber) }
        let ys = recent.map(\.trend)
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let numerator = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let denominator = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        guard denominator > 0 else { return nil }
        return numerator / denominator * 7
    }
}

/// Weighings and the trend.
public struct BodyUseCases: Sendable {
    public static let poundsPerKilogram = 1 / WeightUnit.kilogramsPerPound

    let weights: any WeightRepository
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String
    let displayUnit: @Sendable (_ ownerID: String) -> WeightUnit

    /// - Parameter displayUnit: the person's unit for weights (one setting for body weight and loads).
    public init(weights: any WeightRepository, transactor: any Transactor, clock: any Clock,
                timeZone: @escaping @Sendable (_ ownerID: String) -> String,
                displayUnit: @escaping @Sendable (_ ownerID: String) -> WeightUnit) {
        self.weights = weights
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
        self.displayUnit = displayUnit
    }

    /// The unit weights are shown in, and a weight typed without a unit means.
    public func unit(ownerID: String) -> WeightUnit { displayUnit(ownerID) }

    public func zone(ownerID: String) -> TimeZone { TimeZone(stored: timeZone(ownerID)) }

    public func log(ownerID: String, kilograms: Double, at takenAt: Date?,
                    fatPercent: Double?, muscleKilograms: Double?) throws -> WeightEntry {
        guard kilograms.isFinite, (20...400).contains(kilograms) else {
            throw AppError.invalidInput("a weight is 20 to 400 kg (got \(kilograms))", code: "invalid_weight").with(["kg": "\(kilograms)"])
        }
        if let fatPercent, !(fatPercent.isFinite && (2...75).contains(fatPercent)) {
            throw AppError.invalidInput("body fat is 2 to 75 %", code: "invalid_body_fat")
        }
        if let muscleKilograms, !(muscleKilograms.isFinite && muscleKilograms > 0 && muscleKilograms < kilograms) {
            throw AppError.invalidInput("muscle mass is more than 0 and less than the weight", code: "invalid_muscle")
        }
        let now = clock.now
        let when = takenAt ?? now
        try PlausibleTime.check(when, "the weighing time")
        guard when.timeIntervalSince(now) <= 300 else {
            throw AppError.invalidInput("the weighing is in the future", code: "future_weight")
        }
        let entry = WeightEntry(id: UUIDv7.makeString(at: now), ownerID: ownerID, takenAt: when, kilograms: kilograms,
                                fatPercent: fatPercent, muscleKilograms: muscleKilograms, createdAt: now, updatedAt: now)
        try transactor.write { try weights.insert(entry) }
        return entry
    }

    public func entries(ownerID: String) throws -> [WeightEntry] { try weights.entries(ownerID: ownerID) }

    /// Removes a weighing logged by mistake: by its id, its handle or `last` (the newest logged).
    public func delete(ownerID: String, id: String) throws -> WeightEntry {
        try transactor.write {
            let entries = try weights.entries(ownerID: ownerID)
            // Oldest logged first, so that `last` is the weighing just logged.
            let logged = entries.sorted { ($0.createdAt, $0.takenAt) < ($1.createdAt, $1.takenAt) }
            let found = try Handle.pick(id, among: logged.map(\.id), noun: "weighing")
            guard let entry = entries.first(where: { $0.id == found }),
                  try weights.markDeleted(id: entry.id, ownerID: ownerID, at: clock.now) else {
                guard !entries.isEmpty else {
                    throw AppError.notFound("there is no weighing yet", code: "weight_not_found").with(key: "none", ["id": id])
                }
                throw AppError.notFound("no weighing \(id)", code: "weight_not_found").with(["id": id])
            }
            return entry
        }
    }

    public func trend(ownerID: String) throws -> WeightTrend {
        try trend(ownerID: ownerID, zone: zone(ownerID: ownerID))
    }

    /// The trend in a zone the caller already read (a page that has the account in hand).
    public func trend(ownerID: String, zone: TimeZone) throws -> WeightTrend {
        WeightTrend(entries: try weights.entries(ownerID: ownerID), timeZone: zone)
    }
}
