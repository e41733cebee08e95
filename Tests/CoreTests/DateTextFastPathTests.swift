import Foundation
import Testing
@testable import Core

/// `ISO8601.format` and `LocalDate.description` write their digits straight into the string; they
/// must give the text the interpolations gave (the reference below) for every instant and zone.
@Suite("Date text written digit by digit")
struct DateTextFastPathTests {
    static func reference(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let day = LocalDate(dayNumber: ISO8601.floorDiv(local, 86_400))
        let second = local - ISO8601.floorDiv(local, 86_400) * 86_400
        let dayText = "\(LocalDate.pad(day.year, 4))-\(LocalDate.pad(day.month, 2))-\(LocalDate.pad(day.day, 2))"
        let time = "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second % 3600 / 60, 2)):\(LocalDate.pad(second % 60, 2))"
        return "\(dayText)T\(time)\(ISO8601.formatOffset(offset))"
    }

    @Test func instantsInManyZones() {
        let zones = ["UTC", "Asia/Seoul", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham", "America/Los_Angeles",
                     "Europe/Berlin", "Pacific/Kiritimati", "Africa/Monrovia"].compactMap { TimeZone(identifier: $0) }
        var instants: [Double] = [0, -1, 0.999, -0.001, 1_796_036_400, 253_402_300_799, -62_135_596_800, 951_782_400, 1_710_054_000]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 { instants.append(Double.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
        for zone in zones {
            for seconds in instants {
                let date = Date(timeIntervalSince1970: seconds)
                #expect(ISO8601.format(date, in: zone) == Self.reference(date, in: zone), "\(seconds) \(zone.identifier)")
            }
        }
    }

    @Test func datesOfAnyYear() {
        for dayNumber in [-719_162, -719_163, -1_000_000, 0, 1, 2_932_896, 2_932_897, 5_000_000] + (0..<2000).map({ _ in Int.random(in: -800_000...3_000_000) }) {
            let day = LocalDate(dayNumber: dayNumber)
            #expect(day.description == "\(LocalDate.pad(day.year, 4))-\(LocalDate.pad(day.month, 2))-\(LocalDate.pad(day.day, 2))")
        }
        #expect(LocalDate(year: 7, month: 3, day: 9)?.description == "0007-03-09")
    }
}
