import Console
import Testing

@Suite("Display width")
struct TextWidthTests {
    @Test(arguments: [
        ("long", 4),
        ("장기", 4),
        ("속효성 인슐린", 13),
        ("日本語", 6),
        ("ｆｕｌｌ", 8),
        ("e\u{301}", 1),          // e + combining acute
        ("\u{1112}\u{1161}\u{11AB}", 2), // 한 as conjoining jamo
        ("👍", 2),
        ("❤️", 2),
        ("", 0),
    ])
    func widths(_ text: String, _ width: Int) {
        #expect(TextWidth.displayWidth(text) == width)
    }

    @Test func padByDisplayWidth() {
        #expect(TextWidth.pad("장기", to: 6, alignment: .left) == "장기  ")
        #expect(TextWidth.pad("장기", to: 6, alignment: .right) == "  장기")
        #expect(TextWidth.pad("toolong", to: 3, alignment: .left) == "toolong")
    }
}
