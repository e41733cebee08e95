import FoundationEssentials
import Core
import Domain

/// `tend glucose pull` for a person: what came, what was here already, where the next pull starts.
enum GlucosePullText {
    static func render(_ summary: NightscoutPull.Summary, zone: TimeZone) -> String {
        func line(_ counts: NightscoutPull.Counts, extra: String = "") -> String {
            "\(counts.added) added\(extra), \(counts.skipped) already here, \(counts.ignored) ignored"
        }
        func time(_ date: Date?) -> String { date.map { zone.dateTimeText(of: $0) } ?? "none yet" }
        return """
            Pulled from \(summary.site) (\(counted(summary.requests, "request"))).
              readings    \(line(summary.readings))
              treatments  \(line(summary.treatments, extra: " (\(counted(summary.dosesAdded, "dose")))"))
              pulled through: readings \(time(summary.cursor.entriesThrough)), treatments \(time(summary.cursor.treatmentsThrough))
            """
    }
}

/// `tend --json glucose pull`: the counts per collection and the cursor, times in the person's zone.
struct GlucosePullJSON: Encodable {
    struct Counts: Encodable {
        let added: Int, skipped: Int, ignored: Int

        init(_ counts: NightscoutPull.Counts) {
            added = counts.added
            skipped = counts.skipped
            ignored = counts.ignored
        }
    }

    struct Cursor: Encodable {
        let readingsThrough: String?, treatmentsThrough: String?

        init(_ cursor: NightscoutPullCursor, zone: TimeZone) {
            readingsThrough = cursor.entriesThrough.map { ISO8601.format($0, in: zone) }
            treatmentsThrough = cursor.treatmentsThrough.map { ISO8601.format($0, in: zone) }
        }

        enum CodingKeys: String, CodingKey {
            case readingsThrough = "readings_through", treatmentsThrough = "treatments_through"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(readingsThrough, forKey: .readingsThrough) // null, not absent, before a first reading
            try container.encode(treatmentsThrough, forKey: .treatmentsThrough)
        }
    }

    let site: String
    let readings: Counts, treatments: Counts
    let dosesAdded: Int, requests: Int
    let cursor: Cursor
    let previous: Cursor?

    init(_ summary: NightscoutPull.Summary, zone: TimeZone) {
        site = summary.site
        readings = Counts(summary.readings)
        treatments = Counts(summary.treatments)
        dosesAdded = summary.dosesAdded
        requests = summary.requests
        cursor = Cursor(summary.cursor, zone: zone)
        previous = summary.previous.map { Cursor($0, zone: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case site, readings, treatments, dosesAdded = "doses_added", requests, cursor, previous
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(site, forKey: .site)
        try container.encode(readings, forKey: .readings)
        try container.encode(treatments, forKey: .treatments)
        try container.encode(dosesAdded, forKey: .dosesAdded)
        try container.encode(requests, forKey: .requests)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(previous, forKey: .previous) // null on the first pull from a site
    }
}
