import Testing
@testable import WebFeature

@Suite("HTML builder")
struct HTMLTests {
    @Test func textAndAttributesAreEscaped() {
        let payload = #"<script>alert("x")</script>&'"#
        let html = el("p", .class(payload), Attribute("title", payload)) { payload }.render()
        #expect(html == #"<p class="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;" "#
            + #"title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">"#
            + #"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>"#)
        #expect(!html.contains("<script"))
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(el("input", .name("units"), .required).render() == #"<input name="units" required>"#)
        #expect(el("br").render() == "<br>")
    }

    @Test func urlAttributesRefuseOtherSchemes() {
        #expect(el("a", .href("javascript:alert(1)")) { "x" }.render() == ##"<a href="#">x</a>"##)
        #expect(el("a", .href(" JavaScript:alert(1)")) { "x" }.render() == ##"<a href="#">x</a>"##)
        #expect(el("form", Attribute("action", "data:text/html,x")).render() == ##"<form action="#"></form>"##)
        #expect(el("a", .href("/insulin?month=2026-11")).render() == #"<a href="/insulin?month=2026-11"></a>"#)
        #expect(el("a", .href("https://example.org/a:b")).render() == #"<a href="https://example.org/a:b"></a>"#)
        #expect(el("a", .href("/a:b")).render() == #"<a href="/a:b"></a>"#)
    }

    @Test func builderTakesConditionsAndLoops() {
        let names = ["a", "<b>"]
        let shown = true
        let html = el("ul") {
            for name in names { el("li") { name } }
            if shown { "tail" }
        }.render()
        #expect(html == "<ul><li>a</li><li>&lt;b&gt;</li>tail</ul>")
    }

    @Test func trustedMarkupIsTheOnlyWayAround() {
        let svg = TrustedMarkup(generatedSVG: "<svg><title>a &amp; b</title></svg>")
        #expect(el("div") { Node.trusted(svg) }.render() == "<div><svg><title>a &amp; b</title></svg></div>")
    }
}
