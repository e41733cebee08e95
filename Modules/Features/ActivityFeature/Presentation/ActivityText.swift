import FoundationEssentials
import Core
import Console
import Domain

/// Runs and hikes for a person: distances in km, times as H:MM:SS, paces as M:SS /km.
public enum ActivityText {
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let rest = total % 60
        let tail = "\(two(minutes)):\(two(rest))"
        return hours > 0 ? "\(hours):\(tail)" : "\(minutes):\(two(rest))"
    }

    public static func pace(_ secondsPerKm: Double?) -> String {
        guard let secondsPerKm, secondsPerKm.isFinite, secondsPerKm > 0, secondsPerKm < 24 * 3600 else { return "—" }
        return duration(secondsPerKm) + " /km"
    }

    public static func km(_ metres: Double) -> String {
        let value = (metres / 10).rounded() / 100
        return "\(value) km"
    }

    static func metres(_ value: Double?) -> String {
        value.map { "\(Int($0.rounded())) m" } ?? "—"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The statistics of a file or an activity, then its splits.
    public static func statistics(_ stats: TrackStatistics, zone: TimeZone, title: String? = nil) -> String {
        var rows: [(String, String)] = []
        rows.append(("Points", "\(stats.points) in \(counted(stats.tracks, "track")), \(counted(stats.segments, "segment")); "
                         + "\(counted(stats.routes, "route")), \(counted(stats.waypoints, "waypoint"))"))
        rows.append(("Distance", "\(km(stats.distance2D)) (3D \(km(stats.distance3D)))"))
        rows.append(("Elevation", "+\(metres(stats.elevationGain)) / −\(metres(stats.elevationLoss)); "
                         + "\(metres(stats.minElevation)) to \(metres(stats.maxElevation))"))
        if let start = stats.startTime {
            rows.append(("Start", zone.dateTimeText(of: start)))
        }
        if let total = stats.duration { rows.append(("Duration", duration(total))) }
        if let moving = stats.movingTime {
            let movingPace = stats.distance2D > 0 ? " · pace \(pace(moving / (stats.distance2D / 1000)))" : ""
            rows.append(("Moving time", duration(moving) + movingPace))
        }
        if let average = stats.averageSpeed, let max = stats.maxSpeed {
            rows.append(("Speed", "average \(speed(average)), max \(speed(max))"))
        }
        if let heart = stats.averageHeartRate, let max = stats.maxHeartRate {
            rows.append(("Heart rate", "average \(Int(heart.rounded())) bpm, max \(max) bpm"))
        }
        let width = rows.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        var lines = title.map { [$0, ""] } ?? []
        lines += rows.map { TextWidth.pad($0.0, to: width, alignment: .left) + "  " + $0.1 }
        if !stats.splits.isEmpty {
            var table = Table(columns: [(title: "km", alignment: .right), (title: "Distance", alignment: .right),
                                        (title: "Time", alignment: .right), (title: "Pace", alignment: .right),
                                        (title: "Elevation", alignment: .right)])
            for split in stats.splits {
                table.addRow(["\(split.index)", km(split.distance), split.duration.map(duration) ?? "—", pace(split.pace),
                              split.elevationChange.map { ($0 >= 0 ? "+" : "") + "\(Int($0.rounded())) m" } ?? "—"])
            }
            lines += ["", table.render()]
        }
        return lines.joined(separator: "\n")
    }

    static func speed(_ metresPerSecond: Double) -> String {
        "\((metresPerSecond * 36).rounded() / 10) km/h"
    }

    public static func estimate(_ estimate: HikingEstimate.Estimate, movingTime: Double?) -> String {
        var rows: [(String, String)] = [
            ("Route", "\(km(estimate.distance)), +\(metres(estimate.ascent)) / −\(metres(estimate.descent))"),
            ("Naismith", duration(estimate.naismith) + "  (5 km/h + 1 h per 600 m up)"),
            ("Tobler", duration(estimate.tobler) + "  (hiking function over every stretch)"),
            ("DIN 33466", duration(estimate.din33466) + "  (4 km/h, 300 m/h up, 500 m/h down)"),
        ]
        if let movingTime { rows.append(("Actual", duration(movingTime) + " moving")) }
        let width = rows.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        return rows.map { TextWidth.pad($0.0, to: width, alignment: .left) + "  " + $0.1 }.joined(separator: "\n")
    }
}
