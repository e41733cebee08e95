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
    public static func statistics(_ stats: TrackStatistics, zone: TimeZone, title: String? = nil, language: Language = .en) -> String {
        let words = ActivityWords(language)
        var rows: [(String, String)] = []
        rows.append((words.points, words.pointCounts(stats)))
        rows.append((words.distance, "\(km(stats.distance2D)) (3D \(km(stats.distance3D)))"))
        rows.append((words.elevation, words.elevation(gain: metres(stats.elevationGain), loss: metres(stats.elevationLoss),
                                                      lowest: metres(stats.minElevation), highest: metres(stats.maxElevation))))
        if let start = stats.startTime {
            rows.append((words.start, words.dateTime(start, zone: zone)))
        }
        if let total = stats.duration { rows.append((words.duration, duration(total))) }
        if let moving = stats.movingTime {
            let movingPace = stats.distance2D > 0 ? words.movingPace(pace(moving / (stats.distance2D / 1000))) : ""
            rows.append((words.movingTime, duration(moving) + movingPace))
        }
        if let average = stats.averageSpeed, let max = stats.maxSpeed {
            rows.append((words.speed, words.speeds(average: speed(average), max: speed(max))))
        }
        if let heart = stats.averageHeartRate, let max = stats.maxHeartRate {
            rows.append((words.heartRate, words.heartRates(average: Int(heart.rounded()), max: max)))
        }
        var lines = title.map { [$0, ""] } ?? []
        lines.append(labelled(rows))
        if !stats.splits.isEmpty {
            var table = Table(columns: zip(words.splitColumns, [Table.Alignment](repeating: .right, count: 5))
                .map { (title: $0, alignment: $1) })
            for split in stats.splits {
                table.addRow(["\(split.index)", km(split.distance), split.duration.map(duration) ?? "—", pace(split.pace),
                              split.elevationChange.map { ($0 >= 0 ? "+" : "") + "\(Int($0.rounded())) m" } ?? "—"])
            }
            lines += ["", table.render()]
        }
        return lines.joined(separator: "\n")
    }

    /// Label and value rows, the values in one column however wide the labels are on a terminal
    /// (a Hangul syllable takes two columns).
    static func labelled(_ rows: [(String, String)]) -> String {
        let width = rows.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        return rows.map { TextWidth.pad($0.0, to: width, alignment: .left) + "  " + $0.1 }.joined(separator: "\n")
    }

    static func speed(_ metresPerSecond: Double) -> String {
        "\((metresPerSecond * 36).rounded() / 10) km/h"
    }

    public static func estimate(_ estimate: HikingEstimate.Estimate, movingTime: Double?, language: Language = .en) -> String {
        let words = ActivityWords(language)
        var rows: [(String, String)] = [
            (words.route, "\(km(estimate.distance)), +\(metres(estimate.ascent)) / −\(metres(estimate.descent))"),
            ("Naismith", duration(estimate.naismith) + "  " + words.naismithRule),
            ("Tobler", duration(estimate.tobler) + "  " + words.toblerRule),
            ("DIN 33466", duration(estimate.din33466) + "  " + words.dinRule),
        ]
        if let movingTime { rows.append((words.actual, words.moving(duration(movingTime)))) }
        return labelled(rows)
    }
}
