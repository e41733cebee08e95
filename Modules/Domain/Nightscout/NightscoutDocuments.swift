import FoundationEssentials
import Core

/// How an incoming document is read and normalized, per collection: its `_id`, its instant,
/// and the fields Nightscout itself adds (`created_at` of a treatment in UTC with milliseconds,
/// an entry's `date` with its `dateString`). Everything else is kept as it came.
public enum NightscoutDocuments {
    /// A MongoDB-like id: 4 bytes of seconds and 8 random bytes in hex (24 digits), the form
    /// clients that keep `_id` expect.
    public static func makeID(at date: Date) -> String {
        var generator = SystemRandomNumberGenerator()
        let seconds = UInt32(clamping: Int64(max(0, date.timeIntervalSince1970)))
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: seconds >> (24 - 8 * $0)) }
            + (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Hex.encode(bytes)
    }

    /// A client's `_id`: 1 to 64 letters, digits, `-` or `_` (a MongoDB ObjectId, a UUID).
    public static func clientID(_ value: DocumentValue?) throws -> String? {
        guard let value, value != .null else { return nil }
        let text: String
        switch value {
        case .string(let string): text = string
        case .object(let fields) where fields["$oid"]?.string != nil: text = fields["$oid"]!.string!
        default: throw AppError.invalidInput("_id must be a string", code: "invalid_id")
        }
        guard (1...64).contains(text.utf8.count), text.utf8.allSatisfy({ byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 95
        }) else {
            throw AppError.invalidInput("_id must be 1 to 64 letters, digits, '-' or '_'", code: "invalid_id")
        }
        return text
    }

    /// `2026-11-30T12:00:00.000Z`: how Nightscout writes `created_at` and `dateString`.
    public static func isoUTC(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let fraction = String(ms - seconds * 1000)
        let text = ISO8601.format(Date(timeIntervalSince1970: Double(seconds)), in: .gmt) // …THH:MM:SSZ
        return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    public static func milliseconds(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    /// The instant of a treatment or a device status: `created_at`, else `timestamp`, `date`
    /// or `mills`; `now` when it has none (Nightscout stamps such a treatment on arrival).
    public static func treatmentTime(_ document: DocumentValue, now: Date) throws -> Date {
        for field in ["created_at", "timestamp", "date", "mills"] {
            guard let value = document[field], value != .null else { continue }
            guard let date = NightscoutQuery.instant(value) else {
                throw AppError.invalidInput("\(field) must be a date between the years 1900 and 2200 "
                                            + "(epoch milliseconds or ISO 8601)", code: "invalid_date")
            }
            return date
        }
        return now
    }

    /// The instant of an entry: `date` (epoch ms), else `dateString` or `sysTime`.
    public static func entryTime(_ document: DocumentValue) throws -> Date {
        for field in ["date", "dateString", "sysTime", "mills"] {
            guard let value = document[field], value != .null else { continue }
            guard let date = NightscoutQuery.instant(value) else {
                throw AppError.invalidInput("\(field) must be a date between the years 1900 and 2200", code: "invalid_date")
            }
            return date
        }
        throw AppError.invalidInput("an entry needs its date (epoch milliseconds) or dateString", code: "invalid_date")
    }

    /// The minutes east of UTC that an ISO `created_at` was written with (its `utcOffset`).
    public static func offsetMinutes(of text: String?) -> Int? {
        guard let text, let instant = ISO8601.parseInstant(text) else { return nil }
        guard !text.hasSuffix("Z"), !text.hasSuffix("z") else { return 0 }
        let local = ISO8601.parseInstant(String(text.prefix(19)) + "Z")
        return local.map { Int(($0.timeIntervalSince(instant) / 60).rounded()) }
    }

    /// An entry's glucose in mg/dL: `sgv` for a sensor value, `mbg` for a meter's. Refused
    /// outside 10–600 mg/dL (a unit mix-up or a damaged value); nil for other types (`cal`).
    public static func entryGlucose(_ document: DocumentValue) throws -> Double? {
        for field in ["sgv", "mbg"] {
            guard let value = document[field], value != .null else { continue }
            guard let number = value.number, GlucoseRange.plausible.contains(number) else {
                throw AppError.invalidInput("\(field) must be a glucose value from 10 to 600 mg/dL", code: "invalid_glucose")
            }
            return number
        }
        return nil
    }
}
