import Console
import Testing

@Suite("Table")
struct TableTests {
    @Test func columnsAreAlignedAndRuled() {
        var table = Table(columns: [(title: "DATE", alignment: .left), (title: "UNITS", alignment: .right), (title: "NOTE", alignment: .left)])
        table.addRow(["2025-03-01", "12", "morning"])
        table.addRow(["2025-03-02", "8.5", ""])
        let expected = """
            DATE        UNITS  NOTE
            ──────────  ─────  ───────
            2025-03-01     12  morning
            2025-03-02    8.5
            """
        #expect(table.render() == expected)
    }

    @Test func koreanTextCountsTwoColumns() {
        var table = Table(columns: [(title: "종류", alignment: .left), (title: "UNITS", alignment: .right)])
        table.addRow(["지속형", "10"])
        table.addRow(["rapid", "4"])
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(lines == [
            "종류    UNITS",
            "──────  ─────",
            "지속형     10",
            "rapid       4",
        ])
        // Every line's right edge sits at the same display column.
        #expect(Set(lines.map(TextWidth.displayWidth)) == [13])
    }

    @Test func missingCellsAreBlankAndExtraCellsDropped() {
        var table = Table(columns: [(title: "A", alignment: .left), (title: "B", alignment: .left)])
        table.addRow(["only"])
        table.addRow(["x", "y", "ignored"])
        table.addRow(["multi\nline", "z"])
        #expect(table.render() == "A           B\n──────────  ─\nonly\nx           y\nmulti line  z")
        #expect(!table.render().contains("ignored"))
    }

    @Test func emptyTableIsHeaderAndRule() {
        let table = Table(columns: [(title: "NAME", alignment: .left), (title: "N", alignment: .right)])
        #expect(table.isEmpty)
        #expect(table.render() == "NAME  N\n────  ─")
    }
}
