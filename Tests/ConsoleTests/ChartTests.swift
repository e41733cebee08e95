@testable import Console
import Testing

@Suite("Charts")
struct ChartTests {
    @Test func sparklineScalesFromLowestToHighest() {
        #expect(Chart.sparkline([0, 1, 2, 3, 4, 5, 6, 7]) == "▁▂▃▄▅▆▇█")
        #expect(Chart.sparkline([10, 20]) == "▁█")
        #expect(Chart.sparkline([-1, 0, 1]) == "▁▅█")
    }

    @Test func sparklineEdgeCases() {
        #expect(Chart.sparkline([]) == "")
        #expect(Chart.sparkline([0, 0, 0]) == "▁▁▁")
        #expect(Chart.sparkline([5, 5]) == "▄▄")
        #expect(Chart.sparkline([1, .nan, 3]) == "▁ █")
        #expect(Chart.sparkline([.nan]) == " ")
        #expect(Chart.sparkline([0, .infinity, 7]) == "▁ █")
    }

    @Test func barsAreScaledWithEighthBlocks() {
        let chart = Chart.bars([(label: "long", value: 10), (label: "rapid", value: 5.5), (label: "none", value: 0)], width: 4)
        let lines = chart.split(separator: "\n").map(String.init)
        #expect(lines == [
            "long   ████ 10",
            "rapid  ██▎ 5.5",   // 5.5/10 * 32 eighths = 17.6 -> 18 = 2 full + 2/8
            "none   0",
        ])
    }

    @Test func barsMeasureEighths() {
        #expect(Chart.bar(eighths: 0) == "")
        #expect(Chart.bar(eighths: 4) == "▌")
        #expect(Chart.bar(eighths: 8) == "█")
        #expect(Chart.bar(eighths: 19) == "██▍")
    }

    @Test func barsKeepASliverForTinyValuesAndAlignKoreanLabels() {
        let chart = Chart.bars([(label: "지속형", value: 1000), (label: "x", value: 1)], width: 10) { "\(Int($0))u" }
        let lines = chart.split(separator: "\n").map(String.init)
        #expect(lines[0] == "지속형  ██████████ 1000u")
        #expect(lines[1] == "x       ▏ 1u")
    }

    @Test func defaultValueFormat() {
        #expect(Chart.format(12) == "12")
        #expect(Chart.format(2.54) == "2.5")
        #expect(Chart.format(-0.25) == "-0.3")
        #expect(Chart.format(0.04) == "0")
        #expect(Chart.format(.nan) == "–")
    }

    @Test func columnsStackFromTheBottom() {
        let chart = Chart.columns([0, 1, 2, 4], height: 2, axis: "0123")
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 4 is full height (16 eighths); 2 fills the bottom row; 1 is half of the bottom row.
        #expect(lines == [
            "   █",
            " ▄██",
            "0123",
        ])
    }

    @Test func columnsHaveTheRequestedHeight() {
        let values = (0..<24).map { Double($0 % 6) }
        let lines = Chart.columns(values, height: 5).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.count <= 24 })
        #expect(lines.last?.count == 24)
        #expect(Chart.columns([], height: 3) == "\n\n")
        #expect(Chart.columns([0, 0], height: 1, axis: "ab") == "\nab")
    }
}
