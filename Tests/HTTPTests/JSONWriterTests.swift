import Foundation
import Testing
@testable import HTTP

/// `JSONWriter` must write what `JSONEncoder` (with the API's options) writes, byte for byte:
/// compared here on the values where the two could part, and on many random ones.
@Suite("JSONWriter against JSONEncoder")
struct JSONWriterTests {
    func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        #expect(writer.isEncodable)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func stringsEscapeAsTheEncoderDoes() throws {
        var samples = ["", "plain", "\"", "\\", "/", "</script>", "a\u{7F}b", "é 한글 😀", "\u{2028}\u{2029}", "\u{FEFF}x",
                       "tab\there", "line\nbreak", "\r\u{08}\u{0C}"]
        samples.append(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }))
        var generator = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "ß", "한", "😀", "\u{0301}", "\u{FFFD}"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) { text.append(pool.randomElement(using: &generator)!) }
            samples.append(String(text))
        }
        for sample in samples {
            #expect(written { $0.string(sample) } == (try encoded(sample)), "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test func numbersAsTheEncoderWritesThem() throws {
        var doubles: [Double] = [0, -0.0, 1, -1, 0.5, 3.5, 12.25, 0.01, 0.1, 0.2 + 0.1, 1e-5, 1e-7, 5e-324, 2.2250738585072014e-308,
                                 999_999_999, 999_999_999.5, 1e9, 1e9 + 1, 123_456_789_012_345, 1e15, 1e16, 1e17, 4.5e300,
                                 -3.25, -1e9, -999_999_999, .ulpOfOne, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            doubles.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 100)
            let bits = Double(bitPattern: UInt64.random(in: .min ... .max, using: &generator))
            if bits.isFinite { doubles.append(bits) }
        }
        for value in doubles {
            #expect(written { $0.number(value) } == (try encoded(value)), "\(value)")
        }
        for value in [0, 1, -1, 7, 10, 99, 100, 1800, -86_400, Int.max, Int.min] + (0..<200).map({ _ in Int.random(in: .min ... .max) }) {
            #expect(written { $0.number(value) } == (try encoded(value)))
        }
    }

    @Test func containersNullsAndBooleans() throws {
        struct Sample: Encodable {
            let a: [Int]
            let b: Bool
            let c: String?
            let d: [String: [Double]]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(a, forKey: .a)
                try container.encode(b, forKey: .b)
                try container.encode(c, forKey: .c)
                try container.encode(d, forKey: .d)
            }
            enum CodingKeys: String, CodingKey { case a, b, c, d }
        }
        let expected = try encoded(Sample(a: [], b: false, c: nil, d: ["x": [1.5, 2], "y": []]))
        let actual = written { writer in
            writer.beginObject()
            writer.key("a"); writer.beginArray(); writer.endArray()
            writer.key("b"); writer.bool(false)
            writer.key("c"); writer.string(nil as String?)
            writer.key("d"); writer.beginObject()
            writer.key("x"); writer.beginArray(); writer.number(1.5); writer.number(2.0); writer.endArray()
            writer.key("y"); writer.beginArray(); writer.endArray()
            writer.endObject()
            writer.endObject()
        }
        #expect(actual == expected)
        #expect(written { $0.beginArray(); $0.bool(true); $0.null(); $0.raw(#"{"k":1}"#); $0.number(nil as Int?); $0.endArray() }
                == #"[true,null,{"k":1},null]"#)
    }

    @Test func aValueJSONCannotHoldFallsBackToTheEncodersError() throws {
        var writer = JSONWriter()
        writer.number(Double.nan)
        #expect(!writer.isEncodable)
        struct Broken: Encodable, JSONWritable {
            let value = Double.infinity
            func write(to writer: inout JSONWriter) { writer.number(value) }
        }
        #expect(throws: EncodingError.self) { try HTTPResponse.json(Broken()) }
    }
}
