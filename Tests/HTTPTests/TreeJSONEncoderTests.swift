import Foundation
import Testing
@testable import HTTP

/// `TreeJSONEncoder` must write exactly what `JSONEncoder` with `[.sortedKeys,
/// .withoutEscapingSlashes]` writes, or step aside (nil) for `JSONEncoder` to answer.
@Suite("Tree JSON encoder: JSONEncoder's bytes")
struct TreeJSONEncoderTests {
    struct Inner: Encodable {
        var name: String
        var score: Double?
        var tags: [String]
    }

    enum Mood: String, Encodable { case happy, calm }

    enum Shape: Encodable {
        case circle(radius: Double)
        case label(String, Int)
        case none
    }

    struct Everything: Encodable {
        var text = "a/b \"q\" \\ \n\t\u{1}\u{7F} é 한 😀"
        var int = -42
        var big = Int64.max
        var huge = UInt64.max
        var small: Int8 = -7
        var unsigned: UInt32 = 4_000_000_000
        var doubles = [0, 1, -1, 0.1, 1.5, 1e20, 1e-7, -0.0, 123_456_789_012.5, 1e9, 1e15, 1e16, .pi, 5e-324, .greatestFiniteMagnitude]
        var floats: [Float] = [1.5, 0.1, 3, 1e20, -0.0]
        var flag = true
        var missing: String? = nil
        var present: Int? = 3
        var data = Data([0, 1, 2, 254, 255])
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var url = URL(string: "https://example.org/a/b?c=d&e")!
        var decimal = Decimal(string: "12.3400")!
        var mood = Mood.calm
        var shapes: [Shape] = [.circle(radius: 2), .label("x", 1), .none]
        var inner = Inner(name: "in", score: nil, tags: ["b", "a"])
        var inners = [Inner(name: "one", score: 1, tags: []), Inner(name: "two", score: 2.5, tags: ["t"])]
        var byName = ["b": 2, "a": 1, "B": 3, "é": 4, "한": 5, "😀": 6, "\u{FFFF}": 7, "a_": 8, "10": 9, "9": 10]
        var byNumber = [1: "a", 10: "b", 2: "c", -3: "d"]
        var nested = [["x": [1, 2]], [:]]
        var empty: [String] = []
        var emptyObject: [String: Int] = [:]
    }

    /// A hand-written `encode(to:)`: nested containers, nil, a key written twice.
    struct Custom: Encodable {
        enum Keys: String, CodingKey { case z, a, list, object, twice }
        enum InnerKeys: String, CodingKey { case k }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeNil(forKey: .z)
            try container.encode("first", forKey: .twice)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            var inList = list.nestedContainer(keyedBy: InnerKeys.self)
            try inList.encode(true, forKey: .k)
            var object = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .object)
            try object.encode(2.5, forKey: .k)
            try container.encode("second", forKey: .twice)
            try container.encode(UInt8(9), forKey: .a)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct NotFinite: Encodable {
        var value = Double.nan
    }

    static func reference<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try reference(value)
        let written = try #require(TreeJSONEncoder.encode(value), sourceLocation: sourceLocation)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func writesJSONEncodersBytes() throws {
        try Self.expectSame(Everything())
        try Self.expectSame(Custom())
        try Self.expectSame([Everything(), Everything()])
        try Self.expectSame("top level")
        try Self.expectSame(42)
        try Self.expectSame(Optional<Int>.none)
        try Self.expectSame([String: [Inner]]())
        try Self.expectSame(["ünï": Inner(name: "\u{0}\u{1F}", score: -0.0, tags: ["\u{2028}"])])
    }

    @Test func leavesToJSONEncoderWhatItCannotWriteTheSame() throws {
        #expect(TreeJSONEncoder.encode(NotFinite()) == nil)
        #expect(TreeJSONEncoder.encode([Float.infinity]) == nil)
        #expect(TreeJSONEncoder.encode(Nothing()) == nil)
        #expect(TreeJSONEncoder.encode([Nothing()]) == nil)
        // The response then carries JSONEncoder's error, as before.
        #expect(throws: EncodingError.self) { try HTTPResponse.json(NotFinite()) }
    }

    @Test func theResponseCarriesTheSameBody() throws {
        let response = try HTTPResponse.json(Everything())
        #expect(Array(response.body) == (try Self.reference(Everything())))
        #expect(response.header("Content-Type") == "application/json")
    }
}
