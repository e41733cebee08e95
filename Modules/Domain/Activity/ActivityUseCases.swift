import FoundationEssentials
import Core

/// Runs, hikes and places: GPX statistics, import, manual entries, bests, totals, estimates,
/// export, and walking ETAs.
public struct ActivityUseCases: Sendable {
    public static let bestDistances: [Double] = [1000, 5000, 10_000]

    let activities: any ActivityRepository
    let places: any PlaceRepository
    let gpx: any GPXCoding
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String

    public init(activities: any ActivityRepository, places: any PlaceRepository, gpx: any GPXCoding, transactor: any Transactor,
                clock: any Clock, timeZone: @escaping @Sendable (_ ownerID: String) -> String) {
        self.activities = activities
        self.places = places
        self.gpx = gpx
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
    }

    public func zone(ownerID: String) -> TimeZone { TimeZone(stored: timeZone(ownerID)) }

    // MARK: - GPX files

    public enum Input: Sendable {
        case file(path: String)
        case data(Data, name: String)
    }

    public func read(_ input: Input) throws -> GPXDocument {
        switch input {
        case .file(let path): try gpx.read(path: path)
        case .data(let data, let name): try gpx.read(data: data, name: name)
        }
    }

    /// Statistics of a GPX file; nothing is stored.
    public func statistics(_ input: Input) throws -> TrackStatistics {
        switch input {
        case .file(let path): try gpx.statistics(path: path)
        case .data(let data, let name): try gpx.statistics(data: data, name: name)
        }
    }

    /// Hiking time estimates for a file's route (its tracks, else its routes), beside the
    /// actual moving time when the file has times.
    public func hikingEstimate(_ input: Input) throws -> (estimate: HikingEstimate.Estimate, movingTime: Double?) {
        let document = try read(input)
        let segments = document.segments.contains { !$0.isEmpty } ? document.segments : document.routes.map(\.points)
        guard segments.contains(where: { $0.count > 1 }) else {
            throw AppError(.unprocessable, code: "empty_track", "the file has no track or route with two points or more")
        }
        return (HikingEstimate.estimate(segments: segments), TrackStatistics(segments: document.segments).movingTime)
    }

    // MARK: - Sessions

    public func importGPX(ownerID: String, kind: ActivityKind, _ input: Input, force: Bool = false) throws -> Activity {
        let document = try read(input)
        let stats = TrackStatistics(document: document)
        guard stats.points > 1 else {
            throw AppError(.unprocessable, code: "empty_track", "the file has no track with two points or more to import")
        }
        guard let start = stats.startTime ?? document.time else {
            throw AppError(.unprocessable, code: "untimed_track",
                           "the track has no times, so it cannot be placed on a day; add it by hand with 'add'")
        }
        try PlausibleTime.check(start, "the track's start")
        let now = clock.now
        return try transactor.write {
            if !force {
                let sameStart = try activities.activities(ownerID: ownerID, kind: kind, in: start..<start.addingTimeInterval(0.001))
                if let existing = sameStart.first(where: { abs($0.distance - stats.distance2D) < 1 }) {
                    throw AppError.conflict("this \(kind.rawValue) is already imported (handle \(Handle.of(existing.id)))",
                                            code: "already_imported", details: existing.id)
                        .with(key: kind.rawValue, ["handle": Handle.of(existing.id)])
                }
            }
            let activity = Activity(
                id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: kind,
                name: document.tracks.first?.name ?? document.name, startedAt: start, duration: stats.duration ?? 0,
                movingTime: stats.movingTime, distance: stats.distance2D, elevationGain: stats.elevationGain,
                elevationLoss: stats.elevationLoss, source: .gpx, track: document, createdAt: now, updatedAt: now)
            try activities.insert(activity)
            return activity
        }
    }

    public struct ManualEntry: Sendable {
        public var kind: ActivityKind
        public var distance: Double
        public var duration: Double
        public var startedAt: Date?
        public var name: String?
        public var elevationGain: Double?

        public init(kind: ActivityKind, distance: Double, duration: Double, startedAt: Date? = nil, name: String? = nil,
                    elevationGain: Double? = nil) {
            self.kind = kind
            self.distance = distance
            self.duration = duration
            self.startedAt = startedAt
            self.name = name
            self.elevationGain = elevationGain
        }
    }

    public func add(ownerID: String, _ entry: ManualEntry) throws -> Activity {
        guard entry.distance.isFinite, entry.distance >= 10, entry.distance <= 1_000_000 else {
            throw AppError.invalidInput("the distance must be at least 10 m and at most 1000 km", code: "invalid_distance")
        }
        guard entry.duration.isFinite, entry.duration > 0, entry.duration <= 14 * 86_400 else {
            throw AppError.invalidInput("the duration must be more than 0 and at most 14 days", code: "invalid_duration")
        }
        if let gain = entry.elevationGain, !(gain.isFinite && (0...20_000).contains(gain)) {
            throw AppError.invalidInput("the climb must be 0 to 20,000 m", code: "invalid_climb")
        }
        // Faster on average than the 100 m world record (10.4 m/s) is a typo, not a run; a hike
        // faster than 4 m/s (14.4 km/h) is one too.
        let fastest = entry.kind == .run ? 10.5 : 4.0
        guard entry.distance / entry.duration <= fastest else {
            let kilometres = formatUnits((entry.distance / 100).rounded() / 10)
            throw AppError.invalidInput("\(kilometres) km in \(DurationText.clock(entry.duration)) is faster "
                + "than anyone on foot: the distance is in km, the duration H:MM:SS, MM:SS or minutes", code: "implausible_speed")
                .with(["km": kilometres, "duration": DurationText.clock(entry.duration)])
        }
        let now = clock.now
        let start = entry.startedAt ?? now.addingTimeInterval(-entry.duration)
        try PlausibleTime.check(start, "the start")
        guard start.addingTimeInterval(entry.duration).timeIntervalSince(now) <= 300 else {
            throw AppError.invalidInput("the activity would end in the future", code: "future_activity")
        }
        let activity = Activity(id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: entry.kind, name: entry.name,
                                startedAt: start, duration: entry.duration, movingTime: entry.duration, distance: entry.distance,
                                elevationGain: entry.elevationGain, elevationLoss: nil, source: .manual, track: nil,
                                createdAt: now, updatedAt: now)
        try transactor.write { try activities.insert(activity) }
        return activity
    }

    public func list(ownerID: String, kind: ActivityKind?, from first: LocalDate?, through last: LocalDate?) throws -> [Activity] {
        let zone = zone(ownerID: ownerID)
        if let first, let last, last < first {
            throw AppError.invalidInput("the end date \(last) is before the start date \(first)", code: "invalid_range")
                .with(["start": "\(first)", "end": "\(last)"])
        }
        let lower = first.map { zone.instant(of: $0, minutes: 0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
        let upper = last.map { zone.instant(of: $0.adding(days: 1), minutes: 0) } ?? Date(timeIntervalSince1970: 253_402_300_799)
        return try activities.activities(ownerID: ownerID, kind: kind, in: lower..<upper)
    }

    /// One activity with its track; `kind` must match when given (a run id is not a hike).
    public func activity(ownerID: String, id: String, kind: ActivityKind? = nil) throws -> Activity {
        guard let activity = try activities.activity(id: id.lowercased(), ownerID: ownerID), kind == nil || activity.kind == kind else {
            throw AppError.notFound("no \(kind?.rawValue ?? "activity") with id \(id)", code: "activity_not_found").with(["id": id])
        }
        return activity
    }

    public func export(ownerID: String, id: String, kind: ActivityKind? = nil) throws -> String {
        let activity = try activity(ownerID: ownerID, id: id, kind: kind)
        guard let track = activity.track else {
            throw AppError.invalidInput("this \(activity.kind.rawValue) was entered by hand and has no track to export", code: "no_track")
        }
        return gpx.write(track)
    }

    public func delete(ownerID: String, id: String, kind: ActivityKind? = nil) throws {
        try transactor.write {
            var activity = try activity(ownerID: ownerID, id: id, kind: kind)
            let now = clock.now
            activity.deletedAt = now
            activity.updatedAt = now
            try activities.update(activity)
        }
    }

    // MARK: - Bests and totals

    public struct Best: Sendable, Equatable {
        public let distance: Double
        public let seconds: Double
        public let activityID: String
        public let date: Date
    }

    /// Fastest 1 km, 5 km and 10 km inside any run with a track.
    public func bests(ownerID: String) throws -> [Double: Best] {
        var bests: [Double: Best] = [:]
        for id in try activities.trackedActivityIDs(ownerID: ownerID, kind: .run) {
            guard let run = try activities.activity(id: id, ownerID: ownerID), let track = run.track else { continue }
            for distance in Self.bestDistances {
                guard let seconds = BestEfforts.fastest(distance: distance, in: track.segments) else { continue }
                if bests[distance].map({ seconds < $0.seconds }) ?? true {
                    bests[distance] = Best(distance: distance, seconds: seconds, activityID: run.id, date: run.startedAt)
                }
            }
        }
        return bests
    }

    public struct Totals: Sendable, Equatable {
        public let count: Int
        public let distance: Double
        public let duration: Double
        public let elevationGain: Double
    }

    /// This week's (from Monday) and this month's totals, in the owner's time zone.
    public func totals(ownerID: String, kind: ActivityKind?) throws -> (week: Totals, month: Totals) {
        let zone = zone(ownerID: ownerID)
        let today = zone.localDate(of: clock.now)
        let monday = today.adding(days: 1 - today.isoWeekday)
        let first = min(monday, today.yearMonth.firstDay)
        let all = try activities.activities(ownerID: ownerID, kind: kind,
                                            in: zone.instant(of: first, minutes: 0)..<zone.instant(of: today.adding(days: 1), minutes: 0))
        func sum(_ from: LocalDate) -> Totals {
            let chosen = all.filter { zone.localDate(of: $0.startedAt) >= from }
            return Totals(count: chosen.count, distance: chosen.reduce(0) { $0 + $1.distance },
                          duration: chosen.reduce(0) { $0 + ($1.movingTime ?? $1.duration) },
                          elevationGain: chosen.reduce(0) { $0 + ($1.elevationGain ?? 0) })
        }
        return (sum(monday), sum(today.yearMonth.firstDay))
    }

    // MARK: - Places

    public func addPlace(ownerID: String, name: String, latitude: Double, longitude: Double, elevation: Double?) throws -> Place {
        let name = name.trimmed
        guard (1...60).contains(name.count) else {
            throw AppError.invalidInput("a place's name is 1 to 60 characters", code: "invalid_place")
        }
        try Self.validate(latitude: latitude, longitude: longitude, elevation: elevation)
        return try transactor.write {
            let now = clock.now
            var place = try places.place(named: name, ownerID: ownerID)
                ?? Place(id: UUIDv7.makeString(at: now), ownerID: ownerID, name: name, latitude: latitude, longitude: longitude,
                         elevation: elevation, createdAt: now, updatedAt: now)
            place.name = name
            place.latitude = latitude
            place.longitude = longitude
            place.elevation = elevation
            place.updatedAt = now
            try places.save(place)
            return place
        }
    }

    public func places(ownerID: String) throws -> [Place] { try places.places(ownerID: ownerID) }

    public func removePlace(ownerID: String, name: String) throws {
        try transactor.write {
            guard let place = try places.place(named: name, ownerID: ownerID) else {
                throw AppError.notFound("no place named '\(name)'", code: "place_not_found")
            }
            try places.delete(id: place.id, ownerID: ownerID, at: clock.now)
        }
    }

    public struct ETA: Sendable, Equatable {
        public let place: Place
        public let straightDistance: Double
        public let walkingDistance: Double
        public let seconds: Double
    }

    /// An estimate without a road network: great-circle distance × the detour factor, the climb
    /// through Tobler's function.
    public func eta(ownerID: String, to name: String, from origin: TrackPoint) throws -> ETA {
        try Self.validate(latitude: origin.latitude, longitude: origin.longitude, elevation: origin.elevation)
        guard let place = try places.place(named: name, ownerID: ownerID) else {
            throw AppError.notFound("no place named '\(name)'", code: "place_not_found").with(["name": name])
        }
        let target = TrackPoint(latitude: place.latitude, longitude: place.longitude, elevation: place.elevation)
        let walk = HikingEstimate.walkingTime(from: origin, to: target)
        return ETA(place: place, straightDistance: Geo.distance2D(origin, target), walkingDistance: walk.distance, seconds: walk.seconds)
    }

    static func validate(latitude: Double, longitude: Double, elevation: Double?) throws {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw AppError.invalidInput("latitude is -90…90 and longitude -180…180", code: "invalid_coordinates")
        }
        if let elevation, !(elevation.isFinite && (-500...9000).contains(elevation)) {
            throw AppError.invalidInput("the elevation must be between -500 and 9000 m", code: "invalid_elevation")
        }
    }
}
