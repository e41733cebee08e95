import FoundationEssentials
import Core

/// One reading of a hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014):
/// physical milliseconds, a counter that orders events inside one millisecond (or while the wall
/// clock stands still or goes back), and the device that made it, which breaks the last tie.
///
/// The order is total: physical, then counter, then device id (by its bytes). The text form
/// `PPPPPPPPPPPPP-CCCC-device` (13 decimal digits of ms, 4 hex digits of counter, the device id)
/// sorts as text exactly as the clocks sort, so storage can index and compare it as plain text.
public struct HLCTimestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970, 0…9,999,999,999,999 (13 digits: until the year 2286).
    public let physical: Int64
    public let counter: UInt16
    public let deviceID: String

    public static let maximumPhysical: Int64 = 9_999_999_999_999
    /// Device ids are 1…64 characters of `a-z`, `0-9`, `-` and `_`, so that text and byte order agree.
    public static let maximumDeviceIDLength = 64

    /// Fails (returns nil) when a part is out of range or the device id is not a valid id.
    public init?(physical: Int64, counter: UInt16, deviceID: String) {
        guard (0...Self.maximumPhysical).contains(physical), Self.isValid(deviceID: deviceID) else { return nil }
        self.physical = physical
        self.counter = counter
        self.deviceID = deviceID
    }

    /// Parses the text form; nil for anything else.
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count > 19, utf8[13] == UInt8(ascii: "-"), utf8[18] == UInt8(ascii: "-") else { return nil }
        let digits = utf8[0..<13], hex = utf8[14..<18]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              hex.allSatisfy({ Self.lowercaseHex.contains($0) }),
              let physical = Int64(String(decoding: digits, as: UTF8.self)),
              let counter = UInt16(String(decoding: hex, as: UTF8.self), radix: 16)
        else { return nil }
        self.init(physical: physical, counter: counter, deviceID: String(decoding: utf8[19...], as: UTF8.self))
    }

    public static func isValid(deviceID: String) -> Bool {
        (1...maximumDeviceIDLength).contains(deviceID.utf8.count) && deviceID.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private static let lowercaseHex = Set("0123456789abcdef".utf8)

    /// The text form, e.g. `1773194400000-0001-laptop`.
    public var text: String {
        let ms = String(physical)
        let hex = String(counter, radix: 16)
        return String(repeating: "0", count: 13 - ms.count) + ms + "-" + String(repeating: "0", count: 4 - hex.count) + hex
            + "-" + deviceID
    }

    public var description: String { text }

    public static func < (lhs: HLCTimestamp, rhs: HLCTimestamp) -> Bool {
        if lhs.physical != rhs.physical { return lhs.physical < rhs.physical }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.deviceID.utf8.lexicographicallyPrecedes(rhs.deviceID.utf8)
    }

    /// Encoded as its text form (one JSON string).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let clock = HLCTimestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a hybrid logical clock: '\(text)'")
        }
        self = clock
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A device's hybrid logical clock: hands out a new, strictly increasing `HLCTimestamp` for every
/// local change (`now(wall:)`) and moves past every clock it sees from elsewhere
/// (`receive(remote:wall:)`). So a device whose wall clock is hours fast or slow still orders each
/// new edit after everything it has already seen, and a wall clock that goes back never makes a
/// clock go back.
///
/// A remote's physical time is used for ordering only, never as a time of anything (a dose's
/// time, "last synced"); a remote more than `maximumDrift` ahead of this device's wall clock is
/// refused (`clock_skew`) rather than dragging every later clock into the far future.
/// The counter has 16 bits: when it would overflow, the physical part moves on by 1 ms and the
/// counter starts again at 0 (the clock stays monotonic; it runs at most 1 ms ahead per 65,536
/// events in one millisecond).
public struct HybridLogicalClock: Sendable, Equatable {
    public let deviceID: String
    /// The last clock handed out or seen; persist it to keep monotonicity across restarts.
    public private(set) var last: HLCTimestamp?
    /// How far ahead of the local wall clock a remote clock may be (ms); nil accepts any.
    public let maximumDrift: Int64?

    public static let defaultMaximumDrift: Int64 = 24 * 60 * 60 * 1000

    public init(deviceID: String, last: HLCTimestamp? = nil, maximumDrift: Int64? = HybridLogicalClock.defaultMaximumDrift) throws {
        guard HLCTimestamp.isValid(deviceID: deviceID) else {
            throw AppError.invalidInput("a device id is 1 to 64 characters of a-z, 0-9, - and _ (got '\(deviceID)')",
                                        code: "invalid_device_id").with(["device": deviceID])
        }
        self.deviceID = deviceID
        self.last = last
        self.maximumDrift = maximumDrift
    }

    /// Milliseconds of a wall-clock instant, clamped into the clock's range.
    public static func milliseconds(_ wall: Date) -> Int64 {
        let ms = (wall.timeIntervalSince1970 * 1000).rounded(.down)
        guard ms.isFinite, ms > 0 else { return 0 }
        return ms >= Double(HLCTimestamp.maximumPhysical) ? HLCTimestamp.maximumPhysical : Int64(ms)
    }

    /// The clock of a local event (a change made on this device).
    public mutating func now(wall: Date) throws -> HLCTimestamp {
        let pt = Self.milliseconds(wall)
        let previous = last.map { ($0.physical, $0.counter) } ?? (0, 0)
        let next: (Int64, Int)
        if let last, last.physical >= pt {
            next = (previous.0, Int(previous.1) + 1)
        } else {
            next = (pt, 0)
        }
        return try advance(to: next)
    }

    /// Merges a clock seen on a change from elsewhere and returns the clock of that receive
    /// event: after both the remote and everything this device handed out before.
    @discardableResult
    public mutating func receive(remote: HLCTimestamp, wall: Date) throws -> HLCTimestamp {
        let pt = Self.milliseconds(wall)
        if let maximumDrift, remote.physical > pt, remote.physical - pt > maximumDrift {
            throw AppError.invalidInput(
                "a change's clock is \((remote.physical - pt) / 3_600_000) h ahead of this device's; check the clocks",
                code: "clock_skew").with(["clock": remote.text])
        }
        let local = last.map { ($0.physical, Int($0.counter)) } ?? (0, -1)
        let physical = max(local.0, remote.physical, pt)
        let counter: Int
        if physical == local.0 && physical == remote.physical {
            counter = max(local.1, Int(remote.counter)) + 1
        } else if physical == local.0 {
            counter = local.1 + 1
        } else if physical == remote.physical {
            counter = Int(remote.counter) + 1
        } else {
            counter = 0
        }
        return try advance(to: (physical, counter))
    }

    private mutating func advance(to next: (physical: Int64, counter: Int)) throws -> HLCTimestamp {
        var (physical, counter) = next
        if counter > Int(UInt16.max) {
            physical += 1
            counter = 0
        }
        guard let clock = HLCTimestamp(physical: physical, counter: UInt16(counter), deviceID: deviceID) else {
            throw AppError.invalidInput("the clock reached its end (year 2286)", code: "clock_exhausted")
        }
        last = clock
        return clock
    }
}
