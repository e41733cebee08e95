import Foundation
import Testing
@testable import Core

/// The one rule for text that reaches a person's terminal: control characters other than
/// newline and tab are refused where text enters and shown in caret notation where it is printed.
@Suite("Control characters in text")
struct ControlCharacterTests {
    static let refused: [String] = [
        "\u{1B}[2J\u{1B}[H", "ding\u{7}", "nul\u{0}", "cr\rover", "back\u{8}space", "del\u{7F}", "csi\u{9B}31m", "c1\u{80}",
        "\u{1B}]0;title\u{7}", "\u{1F}",
    ]
    static let accepted: [String] = [
        "", "Minji", "line one\nline two", "a\ttab", "민지 😀", "café", "no\u{A0}break", "[31m without escape", "\\u001b as typed",
    ]

    @Test(arguments: refused)
    func controlCharactersAreFound(_ text: String) {
        #expect(text.hasControlCharacters)
    }

    @Test(arguments: accepted)
    func textNewlinesAndTabsAreNot(_ text: String) {
        #expect(!text.hasControlCharacters)
        #expect(text.printable == text)
    }

    @Test func printableShowsEachControlCharacterInCaretNotation() {
        #expect("a\u{1B}[2Jb".printable == "a^[[2Jb")
        #expect("\u{7}\u{0}\r\u{7F}".printable == "^G^@^M^?")
        #expect("\u{9B}31m\u{80}".printable == "M-^[31mM-^@")
        #expect("keep\nthese\tones\u{1B}".printable == "keep\nthese\tones^[")
        for text in Self.refused {
            #expect(!text.printable.hasControlCharacters, "\(text.debugDescription) → \(text.printable.debugDescription)")
        }
    }

    @Test func jsonQuotingEscapesDELAndC1Too() throws {
        let text = "a\u{1B}b\u{7F}c\u{9B}d\né"
        let quoted = text.jsonQuoted
        #expect(quoted == #""a\u001bb\u007fc\u009bd\né""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
    }

    // MARK: JSON documents

    @Test func theFieldOfAnEscapedControlCharacterIsNamed() {
        func field(_ json: String) -> String? { JSONControlCharacters.firstField(in: Data(json.utf8)) }
        #expect(field(#"{"name": "Minji\u001b[2J"}"#) == "name")
        #expect(field(#"{"a": "fine", "note": "ding\u0007"}"#) == "note")
        #expect(field(#"{"z": 1, "sets": [{"exercise": "squat"}, {"exercise": "\u0000"}]}"#) == "sets[1].exercise")
        #expect(field(#"{"caption": "cr\rover"}"#) == "caption")
        #expect(field(#"{"caption": "\b"}"#) == "caption")
        #expect(field("{\"caption\": \"del\u{7F}\"}") == "caption")
        #expect(field("{\"caption\": \"csi\u{9B}31m\"}") == "caption")
        #expect(field(#"{"caption": "csi\u009b31m"}"#) == "caption")
        #expect(field(#"{"bad\u001bkey": 1}"#) == "bad\u{1B}key")
        #expect(field(#""\u001b""#) == "")
    }

    @Test func textNewlinesTabsAndEscapedBackslashesPass() {
        func field(_ json: String) -> String? { JSONControlCharacters.firstField(in: Data(json.utf8)) }
        #expect(field(#"{"note": "line\nnext\tcol", "path": "a\/b", "q": "\"x\""}"#) == nil)
        #expect(field(#"{"note": "typed \\u001b as text"}"#) == nil)
        #expect(field(#"{"note": "민지 \u00e9 \ud83d\ude00"}"#) == nil)
        #expect(field(#"{"n": 1, "b": true, "x": null, "a": [1, 2.5]}"#) == nil)
        #expect(field("not json \\u001b") == nil, "not JSON: the decoder reports it")
    }

    @Test func rawControlBytesOutsideJSONWhiteSpaceAreFound() {
        #expect(JSONControlCharacters.rawControlByte(in: Data("{\"a\": \"x\u{1B}\"}".utf8)) == 0x1B)
        #expect(JSONControlCharacters.rawControlByte(in: Data("{\"a\":\u{0}1}".utf8)) == 0)
        #expect(JSONControlCharacters.rawControlByte(in: Data("{\r\n\t\"a\": 1\n}".utf8)) == nil)
    }
}
