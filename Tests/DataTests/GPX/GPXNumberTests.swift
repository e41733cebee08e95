import Testing
@testable import Data

/// The byte-level number reader behind every coordinate, elevation and heart rate of a GPX file.
@Suite("GPX numbers read from bytes")
struct GPXNumberTests {
    func number(_ text: String) -> Double? { GPXNumber.number(text) }

    @Test(arguments: [
        ("37.5", 37.5), ("-122.9876543", -122.9876543), ("+4", 4), ("0", 0), ("007", 7), (".5", 0.5), ("5.", 5),
        ("  12.25\n", 12.25), ("123456789012345", 123_456_789_012_345),
        // 16 digits and more, exponents: strtod, still correctly rounded.
        ("1234567890.123456789", 1234567890.123456789), ("12345678901234567890", 12_345_678_901_234_567_168),
        ("1e3", 1000), ("-2.5E-2", -0.025), ("1e308", 1e308),
    ])
    func decimals(text: String, value: Double) {
        #expect(number(text) == value)
    }

    @Test("plain decimals are exact: the same double as Swift's own (correctly rounded) reading")
    func exactness() {
        for text in ["37.5123457", "127.0000001", "-33.8688197", "0.1", "0.3", "822.39", "49.58", "151.2092955", "89.9999999"] {
            #expect(number(text) == Double(text), "\(text)")
        }
    }

    @Test(arguments: ["", " ", "-", "+", ".", "1.2.3", "abc", "12a", "0x10", "inf", "-inf", "nan", "1e", "1e400", "--1",
                      "1 2", "١٢", String(repeating: "1", count: 70)])
    func malformedValuesAreNil(text: String) {
        #expect(number(text) == nil)
    }

    @Test("trimming takes XML whitespace only, from both ends")
    func trimming() {
        var text = "\t\r\n 42 \n"
        let trimmed = text.withUTF8 { Array(GPXNumber.trimmed($0)) }
        #expect(trimmed == Array("42".utf8))
        var blank = " \n "
        #expect(blank.withUTF8 { GPXNumber.trimmed($0).isEmpty })
        #expect(number("\u{00A0}5") == nil) // a no-break space is not XML whitespace
    }
}
