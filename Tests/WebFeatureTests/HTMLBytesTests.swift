import Testing
@testable import WebFeature

/// The byte-level rendering under the HTML builder gives what escaping `Character` by
/// `Character` gave: the same references, non-ASCII text untouched, the same URLs refused.
@Suite("HTML builder: bytes")
struct HTMLBytesTests {
    @Test func escapingCopiesNonASCIIRunsAndReplacesTheFive() {
        let text = "오늘 <b>\"단위\"</b> & 'ok' ✚ 🐾>"
        #expect(HTMLEscaping.escape(text) == "오늘 &lt;b&gt;&quot;단위&quot;&lt;/b&gt; &amp; &#39;ok&#39; ✚ 🐾&gt;")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("&") == "&amp;")
        #expect(el("p") { text }.render() == "<p>" + HTMLEscaping.escape(text) + "</p>")
    }

    /// The byte check decides as `Attribute.isSafeURL` does, and hands anything non-ASCII to it.
    @Test(arguments: [
        "/today", "#main", "?q=1", "", "   ", "https://example.org/x", "HTTP://EXAMPLE.ORG", "MailTo:a@b.c",
        "javascript:alert(1)", " \tJaVaScRiPt:alert(1)", "\njavascript:x", "\r\njavascript:x", "data:text/html,x",
        "vbscript:x", "http", "https:", "ftp://x", "a/b:c", "a?b:c", "a#b:c", ":x", "ｊavascript:x", "/오늘:x",
        "오늘:x", "ma\u{130}lto:x", "\u{212A}ttp:x", "javascript\u{301}:x", "/\u{301}javascript:x", "http\u{301}:x",
    ])
    func urlCheckAgreesWithTheCharacterCheck(_ value: String) {
        #expect(HTMLBytes.isSafeURL(value) == Attribute.isSafeURL(value))
    }

    @Test func onlyURLAttributesAreChecked() {
        #expect(el("img", Attribute("src", "javascript:x")).render() == ##"<img src="#">"##)
        #expect(el("button", Attribute("formaction", "javascript:x")).render() == ##"<button formaction="#"></button>"##)
        #expect(el("video", Attribute("poster", "data:x")).render() == ##"<video poster="#"></video>"##)
        #expect(el("p", Attribute("title", "javascript:x")).render() == #"<p title="javascript:x"></p>"#)
        #expect(el("a", Attribute("hrefs", "javascript:x")).render() == #"<a hrefs="javascript:x"></a>"#)
    }

    @Test func everyVoidElementAndNoOther() {
        for tag: StaticString in ["area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"] {
            #expect(HTMLBytes.isVoid(tag), "\(tag)")
        }
        for tag: StaticString in ["a", "b", "p", "div", "span", "html", "label", "select", "script", "section", "colgroup", "inputs"] {
            #expect(!HTMLBytes.isVoid(tag), "\(tag)")
        }
        #expect(el("input", .name("x")) { "ignored" }.render() == #"<input name="x">"#)
    }

    @Test func blocksOfEveryShapeJoinInOrder() {
        let items = ["1", "<2>"]
        let none: String? = nil
        let nested: [Node] = [el("i") { "a" }, Node.text("&"), el("b")]
        let html = el("div") {
            "start"
            for item in items { el("li") { item } }
            if let none { none }
            if items.isEmpty { "empty" } else { el("em") { "full" } }
            nested
            el("span")
        }.render()
        #expect(html == "<div>start<li>1</li><li>&lt;2&gt;</li><em>full</em><i>a</i>&amp;<b></b><span></span></div>")
        #expect(el("p") {}.render() == "<p></p>")
        #expect(Node.fragment([]).render() == "")
        #expect(Node.text("<x>").render() == "&lt;x&gt;")
    }

    @Test func renderIntoAppends() {
        var output = "<!doctype html>\n"
        el("p") { "é" }.render(into: &output)
        #expect(output == "<!doctype html>\n<p>é</p>")
    }
}
