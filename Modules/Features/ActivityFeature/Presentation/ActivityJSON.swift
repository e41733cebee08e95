import FoundationEssentials
import Core
import Domain

/// `tend --json gpx stats` and `POST /v1/gpx/stats`: null where the file has no such data.
public struct GPXStatsJSON: Encodable, Sendable {
    let stats: TrackStatistics
    let zone: TimeZone

    public init(_ stats: TrackStatistics, zone: TimeZone) {
        self.stats = stats
        self.zone = zone
    }

    enum Keys: String, CodingKey {
        case points, tracks, segments, routes, waypoints, distance2D = "distance_2d_m", distance3D = "distance_3d_m"
        case gain = "elevation_gain_m", loss = "elevation_loss_m", minElevation = "min_elevation_m", maxElevation = "max_elevation_m"
        case duration = "duration_s", movingTime = "moving_time_s", startedAt = "started_at", endedAt = "ended_at"
        case averageSpeed = "average_speed_mps", maxSpeed = "max_speed_mps", bounds, splits, heartRate = "heart_rate"
    }

    enum BoundsKeys: String, CodingKey { case minLat = "min_lat", maxLat = "max_lat", minLon = "min_lon", maxLon = "max_lon" }
    enum SplitKeys: String, CodingKey {
        case km, distance = "distance_m", duration = "duration_s", pace = "pace_s_per_km", elevationChange = "elevation_change_m"
    }
    enum HeartKeys: String, CodingKey { case average = "average_bpm", max = "max_bpm" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(stats.points, forKey: .points)
        try container.encode(stats.tracks, forKey: .tracks)
        try container.encode(stats.segments, forKey: .segments)
        try container.encode(stats.routes, forKey: .routes)
        try container.encode(stats.waypoints, forKey: .waypoints)
        try container.encode(round2(stats.distance2D), forKey: .distance2D)
        try container.encode(round2(stats.distance3D), forKey: .distance3D)
        try container.encode(round2(stats.elevationGain), forKey: .gain)
        try container.encode(round2(stats.elevationLoss), forKey: .loss)
        try container.encode(stats.minElevation.map(round2), forKey: .minElevation)
        try container.encode(stats.maxElevation.map(round2), forKey: .maxElevation)
        try container.encode(stats.duration.map(round2), forKey: .duration)
        try container.encode(stats.movingTime.map(round2), forKey: .movingTime)
        try container.encode(stats.startTime.map { ISO8601.format($0, in: zone) }, forKey: .startedAt)
        try container.encode(stats.endTime.map { ISO8601.format($0, in: zone) }, forKey: .endedAt)
        try container.encode(stats.averageSpeed.map(round2), forKey: .averageSpeed)
        try container.encode(stats.maxSpeed.map(round2), forKey: .maxSpeed)
        if let bounds = stats.bounds {
            var nested = container.nestedContainer(keyedBy: BoundsKeys.self, forKey: .bounds)
            try nested.encode(bounds.minLatitude, forKey: .minLat)
            try nested.encode(bounds.maxLatitude, forKey: .maxLat)
            try nested.encode(bounds.minLongitude, forKey: .minLon)
            try nested.encode(bounds.maxLongitude, forKey: .maxLon)
        } else {
            try container.encodeNil(forKey: .bounds)
        }
        var splits = container.nestedUnkeyedContainer(forKey: .splits)
        for split in stats.splits {
            var nested = splits.nestedContainer(keyedBy: SplitKeys.self)
            try nested.encode(split.index, forKey: .km)
            try nested.encode(round2(split.distance), forKey: .distance)
            try nested.encode(split.duration.map(round2), forKey: .duration)
            try nested.encode(split.pace.map(round2), forKey: .pace)
            try nested.encode(split.elevationChange.map(round2), forKey: .elevationChange)
        }
        if let average = stats.averageHeartRate, let max = stats.maxHeartRate {
            var nested = container.nestedContainer(keyedBy: HeartKeys.self, forKey: .heartRate)
            try nested.encode(round2(average), forKey: .average)
            try nested.encode(max, forKey: .max)
        } else {
            try container.encodeNil(forKey: .heartRate)
        }
    }
}

/// A run or hike in lists and details.
public struct ActivityJSON: Encodable, Sendable {
    let activity: Activity
    let zone: TimeZone
    let stats: TrackStatistics?
    let estimate: HikingEstimate.Estimate?

    public init(_ activity: Activity, zone: TimeZone, detailed: Bool = false) {
        self.activity = activity
        self.zone = zone
        let track = detailed ? activity.track : nil
        stats = track.map { TrackStatistics(document: $0) }
        estimate = track.flatMap { document in
            activity.kind == .hike && document.segments.contains { $0.count > 1 }
                ? HikingEstimate.estimate(segments: document.segments)
                : nil
        }
    }

    enum Keys: String, CodingKey {
        case id, handle, kind, name, startedAt = "started_at", duration = "duration_s", movingTime = "moving_time_s"
        case distance = "distance_m", gain = "elevation_gain_m", loss = "elevation_loss_m", pace = "pace_s_per_km"
        case source, hasTrack = "has_track", stats, estimate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(activity.id, forKey: .id)
        try container.encode(Handle.of(activity.id), forKey: .handle)
        try container.encode(activity.kind.rawValue, forKey: .kind)
        try container.encode(activity.name, forKey: .name)
        try container.encode(ISO8601.format(activity.startedAt, in: zone), forKey: .startedAt)
        try container.encode(round2(activity.duration), forKey: .duration)
        try container.encode(activity.movingTime.map(round2), forKey: .movingTime)
        try container.encode(round2(activity.distance), forKey: .distance)
        try container.encode(activity.elevationGain.map(round2), forKey: .gain)
        try container.encode(activity.elevationLoss.map(round2), forKey: .loss)
        try container.encode(activity.pace.map(round2), forKey: .pace)
        try container.encode(activity.source.rawValue, forKey: .source)
        try container.encode(activity.source == .gpx, forKey: .hasTrack)
        if let stats { try container.encode(GPXStatsJSON(stats, zone: zone), forKey: .stats) }
        if let estimate { try container.encode(EstimateJSON(estimate: estimate, movingTime: stats?.movingTime), forKey: .estimate) }
    }
}

/// `{"activities": [...], "totals": {"week": …, "month": …}}`.
public struct ActivityListJSON: Encodable, Sendable {
    typealias TotalsJSON = ActivityTotalsJSON

    let activities: [ActivityJSON]
    let totals: [String: TotalsJSON]

    public init(_ activities: [Activity], totals: (week: ActivityUseCases.Totals, month: ActivityUseCases.Totals), zone: TimeZone) {
        self.activities = activities.map { ActivityJSON($0, zone: zone) }
        self.totals = ["week": TotalsJSON(totals.week), "month": TotalsJSON(totals.month)]
    }
}

/// `{count, distance_m, duration_s, elevation_gain_m}` of a week or month: sums, so 0 when nothing was done.
public struct ActivityTotalsJSON: Encodable, Sendable {
    let count: Int
    let distanceM: Double
    let durationS: Double
    let elevationGainM: Double

    public init(_ totals: ActivityUseCases.Totals) {
        count = totals.count
        distanceM = round2(totals.distance)
        durationS = round2(totals.duration)
        elevationGainM = round2(totals.elevationGain)
    }

    enum CodingKeys: String, CodingKey {
        case count, distanceM = "distance_m", durationS = "duration_s", elevationGainM = "elevation_gain_m"
    }
}

/// Naismith, Tobler and DIN 33466 beside the actual moving time.
public struct EstimateJSON: Encodable, Sendable {
    let estimate: HikingEstimate.Estimate
    let movingTime: Double?

    public init(estimate: HikingEstimate.Estimate, movingTime: Double?) {
        self.estimate = estimate
        self.movingTime = movingTime
    }

    enum Keys: String, CodingKey {
        case distance = "distance_m", ascent = "elevation_gain_m", descent = "elevation_loss_m"
        case naismith = "naismith_s", tobler = "tobler_s", din = "din33466_s", actual = "actual_moving_time_s"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(round2(estimate.distance), forKey: .distance)
        try container.encode(round2(estimate.ascent), forKey: .ascent)
        try container.encode(round2(estimate.descent), forKey: .descent)
        try container.encode(round2(estimate.naismith), forKey: .naismith)
        try container.encode(round2(estimate.tobler), forKey: .tobler)
        try container.encode(round2(estimate.din33466), forKey: .din)
        try container.encode(movingTime.map(round2), forKey: .actual)
    }
}

