import Testing
import Data
@testable import PostgreSQL

/// Results are read from PostgreSQL's text form: numbers straight from the bytes where they are
/// plain, and every value exactly as reading it through a String (`Int64(text)`, `Double(text)`) gives.
@Suite("PostgreSQL values read from text")
struct PostgresValuesDecodeTests {
    static func decode(_ text: String, _ kind: PostgresValues.ColumnKind) -> SQLValue {
        var text = text
        return text.withUTF8 { PostgresValues.decode($0, kind: kind) }
    }

    /// The reading through a String, as it was before numbers were read from the bytes.
    static func throughString(_ text: String, _ kind: PostgresValues.ColumnKind) -> SQLValue {
        switch kind {
        case .integer: Int64(text).map(SQLValue.integer) ?? .text(text)
        case .real: Double(text).map(SQLValue.real) ?? .text(text)
        case .numeric: Int64(text).map(SQLValue.integer) ?? Double(text).map(SQLValue.real) ?? .text(text)
        default: .text(text)
        }
    }

    static let edges = ["0", "-0", "7", "-7", "007", "42", "1.5", "-1.5", "0.1", "0.30000000000000004", "123456789012345",
                        "1234567890123456", "12345678901234567", "123456789012345678", "1234567890123456789",
                        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "99999999999999999999",
                        "1.", ".5", "1.2.3", "1e+16", "1e-07", "-1.5e+300", "NaN", "Infinity", "-Infinity", "", "-", "+5",
                        " 5", "5 ", "12a", "0.000000000000001", "999999999999999.9", "3.141592653589793", "1.7976931348623157e+308"]

    @Test("every edge reads as through a String, for each kind of number")
    func edgesAsThroughAString() {
        for kind in [PostgresValues.ColumnKind.integer, .real, .numeric] {
            for text in Self.edges {
                let fast = Self.decode(text, kind), slow = Self.throughString(text, kind)
                // Bit for bit: -0.0 is not 0.0, and NaN is NaN.
                if case .real(let a) = fast, case .real(let b) = slow {
                    #expect(a.bitPattern == b.bitPattern, "\(kind) \(text)")
                } else {
                    #expect(fast == slow, "\(kind) \(text)")
                }
            }
        }
    }

    @Test("doubles as PostgreSQL prints them (shortest form) read back exactly")
    func randomDoubles() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 100, 1000, 1e6, 1e-3, 1e12][Int.random(in: 0..<7, using: &generator)]
            let number = Double.random(in: -1000...1000, using: &generator) * scale
            let rounded = (number * 100).rounded() / 100 // units and amounts as people enter them
            for value in [number, rounded] {
                #expect(Self.decode("\(value)", .real) == .real(value), "\(value)")
            }
        }
    }

    @Test("integers, booleans and texts")
    func others() {
        for number in [Int64.min, -1, 0, 1, 1_796_284_800_890, Int64.max] {
            #expect(Self.decode(String(number), .integer) == .integer(number))
        }
        #expect(Self.decode("t", .boolean) == .integer(1))
        #expect(Self.decode("f", .boolean) == .integer(0))
        #expect(Self.decode("01a23aea-df7a-76a5-9632-b9b5a825c14b", .text) == .text("01a23aea-df7a-76a5-9632-b9b5a825c14b"))
        #expect(Self.decode("한국어 é", .text) == .text("한국어 é"))
        #expect(Self.decode("\\x00ff10", .bytea) == .blob(.init([0, 255, 16])))
    }
}
