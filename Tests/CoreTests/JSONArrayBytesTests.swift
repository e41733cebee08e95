import Testing
import Core

@Suite("JSON texts joined into one array")
struct JSONArrayBytesTests {
    @Test func textsBecomeTheElementsAsTheyAre() {
        #expect(JSONArrayBytes.joining([]) == Array("[]".utf8))
        #expect(JSONArrayBytes.joining([#"{"a":1}"#]) == Array(#"[{"a":1}]"#.utf8))
        let texts = [#"{"note":"혈당 \"높음\" 🩸"}"#, "null", "[1,2.5]"]
        #expect(String(decoding: JSONArrayBytes.joining(texts), as: UTF8.self) == "[" + texts.joined(separator: ",") + "]")
        #expect(JSONArrayBytes.null == Array("null".utf8))
    }
}
