import Foundation
import Testing
@testable import HTTP

@Suite("JSONValue serialization")
struct JSONValueTests {
    /// Parses `text` back with JSONSerialization (fragments allowed).
    func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func quotesAndBackslashesAreEscaped() throws {
        let value: JSONValue = .string(#"say "hi" \ bye"#)
        #expect(value.serialized() == #""say \"hi\" \\ bye""#)
        #expect(try parse(value.serialized()) as? String == #"say "hi" \ bye"#)
    }

    @Test func commonControlCharactersUseShortEscapes() throws {
        let value: JSONValue = .string("a\nb\rc\td")
        #expect(value.serialized() == #""a\nb\rc\td""#)
        #expect(try parse(value.serialized()) as? String == "a\nb\rc\td")
    }

    @Test func otherControlCharactersUseUnicodeEscapes() throws {
        let value: JSONValue = .string("\u{0}\u{1}\u{8}\u{C}\u{1B}\u{1F}")
        #expect(value.serialized() == #""\u0000\u0001\u0008\u000c\u001b\u001f""#)
        #expect(try parse(value.serialized()) as? String == "\u{0}\u{1}\u{8}\u{C}\u{1B}\u{1F}")
    }

    @Test func unicodeIsWrittenAsIs() throws {
        let text = "한국어 café ✓ 🧪 \u{A0} \u{2028}"
        let value: JSONValue = .string(text)
        #expect(value.serialized() == "\"\(text)\"")
        #expect(try parse(value.serialized()) as? String == text)
    }

    /// DEL and the C1 controls are control characters too: escaped, so the JSON is safe on a terminal.
    @Test func delAndC1ControlsUseUnicodeEscapes() throws {
        let value: JSONValue = .string("a\u{7F}b\u{9B}c\u{80}")
        #expect(value.serialized() == #""a\u007fb\u009bc\u0080""#)
        #expect(try parse(value.serialized()) as? String == "a\u{7F}b\u{9B}c\u{80}")
    }

    @Test func slashIsNotEscaped() {
        #expect(JSONValue.string("/a/b").serialized() == #""/a/b""#)
    }

    static let numbers: [(JSONValue, String)] = [
        (0, "0"), (3, "3"), (-12, "-12"), (2.0, "2"), (2.5, "2.5"), (-0.25, "-0.25"),
        (0.1, "0.1"), (123_456_789_012, "123456789012"), (-0.0, "0"),
        (1_700_000_000_123, "1700000000123"), (999_999_999_999_999, "999999999999999"),
    ]

    @Test(arguments: numbers)
    func numbersAreWrittenWithoutATrailingPointZero(value: JSONValue, expected: String) {
        #expect(value.serialized() == expected)
    }

    @Test func veryLargeAndTinyNumbersStayValidJSON() throws {
        // From 1e15 on the number is written as Swift prints a Double ("1000000000000000.0",
        // "1e+20"): still JSON, and read back as the same value.
        for number in [1e15, 1e20, -3e300, 1.5e-7, 0.1 + 0.2] {
            let text = JSONValue.number(number).serialized()
            _ = try #require(try parse(text) as? NSNumber, "\(text) is not a JSON number")
            #expect(Double(text) == number, "\(text) reads back as \(number)")
        }
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "two", false]]
        #expect(value.serialized() == #"{"s":"x","i":1,"d":1.5,"b":true,"n":null,"a":[1,"two",false]}"#)
        #expect(JSONValue.array([]).serialized() == "[]")
        #expect(JSONValue.object([]).serialized() == "{}")
        #expect(JSONValue.bool(false).serialized() == "false")
        #expect(JSONValue.null.serialized() == "null")
    }

    @Test func objectsKeepTheirKeyOrderAtEveryDepth() throws {
        let value: JSONValue = ["zeta": 1, "alpha": ["omega": true, "beta": [["y": 1, "x": 2]]], "mid": "m"]
        let text = value.serialized()
        #expect(text == #"{"zeta":1,"alpha":{"omega":true,"beta":[{"y":1,"x":2}]},"mid":"m"}"#)
        let parsed = try #require(try parse(text) as? [String: Any])
        let alpha = try #require(parsed["alpha"] as? [String: Any])
        #expect(alpha["omega"] as? Bool == true)
        #expect(((alpha["beta"] as? [[String: Int]])?.first) == ["y": 1, "x": 2])
    }

    @Test func keysAreEscapedToo() throws {
        let value: JSONValue = .object([("a\"b\n", 1)])
        #expect(value.serialized() == #"{"a\"b\n":1}"#)
        let parsed = try #require(try parse(value.serialized()) as? [String: Int])
        #expect(parsed == ["a\"b\n": 1])
    }

    @Test func rawJSONIsEmbeddedAsIs() {
        let value: JSONValue = ["dose": .raw(#"{"units":4,"kind":"long"}"#), "list": [.raw("[1,2]"), .raw("null")]]
        #expect(value.serialized() == #"{"dose":{"units":4,"kind":"long"},"list":[[1,2],null]}"#)
    }

    @Test func encodedEmbedsAnEncodableWithSortedKeysAndPlainSlashes() throws {
        struct Dose: Encodable {
            let units: Double
            let kind: String
            let link: String
            let at: Int
        }
        let encoded = try JSONValue.encoded(Dose(units: 4.5, kind: "long \"basal\"", link: "/insulin/doses/1", at: 7))
        #expect(encoded.serialized() == #"{"at":7,"kind":"long \"basal\"","link":"/insulin/doses/1","units":4.5}"#)
        let document: JSONValue = ["dose": encoded]
        let parsed = try #require(try parse(document.serialized()) as? [String: [String: Any]])
        #expect(parsed["dose"]?["link"] as? String == "/insulin/doses/1")
        #expect(parsed["dose"]?["kind"] as? String == "long \"basal\"")
    }

    @Test func subscriptReadsObjectFields() {
        let value: JSONValue = .object([("a", 1), ("b", "two"), ("a", 3)])
        #expect(value["b"] == "two")
        #expect(value["a"] == 3, "the last of duplicate keys wins")
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([1])["a"] == nil)
    }

    @Test func equalityComparesTheSerializedForm() {
        // Two cases, one serialized form ("2"): equal. (`.number(2)` against `.number(2.0)` would
        // compare one value with itself, as the integer literal is stored as a Double.)
        #expect(JSONValue.number(2) == JSONValue.raw("2"))
        #expect(JSONValue.number(2.5) != JSONValue.raw("2"))
        #expect(JSONValue.raw(#"{"a":1}"#) == ["a": 1])
        #expect(JSONValue.string("1") != JSONValue.number(1))
        #expect((["a": 1, "b": 2] as JSONValue) != (["b": 2, "a": 1] as JSONValue))
    }
}
