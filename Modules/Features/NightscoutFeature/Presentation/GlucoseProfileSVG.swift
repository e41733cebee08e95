import FoundationEssentials
import Console
import Core
import Domain

/// `tend glucose report --svg FILE`: the ambulatory glucose profile as clinicians know it — the
/// day from midnight to midnight, the 5–95 % band light, the 25–75 % band darker, the median as
/// a line, the target range 70–180 mg/dL between two green lines — and the time-in-range bar
/// beside it, each band labelled with its share.
enum GlucoseProfileSVG {
    static func render(_ report: GlucoseReport, first: LocalDate, last: LocalDate, unit: GlucoseUnit, language: Language = .en) -> String {
        let words = GlucoseProfileWords(language)
        let width = 940.0, height = 490.0
        let left = 70.0, right = 660.0, top = 90.0, bottom = 390.0
        let summary = report.bands.map { bands in
            words.summary(first: first, last: last, readings: report.readings, inRange: SVGDrawing.number(bands.inRange),
                          mean: "\(unit.format(mgdl: report.mean ?? 0)) \(unit.rawValue)", gmi: SVGDrawing.number(report.gmi ?? 0),
                          cv: SVGDrawing.number(report.cv ?? 0))
        } ?? "\(first) – \(last) · " + words.noReadings
        var svg = SVGDrawing(width: width, height: height, title: words.title, subtitle: summary)
        let top350 = 350.0
        func y(_ mgdl: Double) -> Double { bottom - min(mgdl, top350) / top350 * (bottom - top) }
        func x(_ minute: Double) -> Double { left + minute / 1440 * (right - left) }
        let tickValues: [Double] = unit == .mgdl ? [0, 54, 70, 180, 250, 350] : [0, 3, 3.9, 10, 13.9, 19.4]
        svg.yAxis(x: left, from: top, to: bottom, ticks: tickValues.map { (y(unit.mgdl(of: $0)), unit == .mgdl
            ? String(Int($0)) : SVGDrawing.number($0)) }, title: words.glucoseAxis(unit.rawValue), gridTo: right)
        svg.xAxis(y: bottom, from: left, to: right, ticks: stride(from: 0, through: 24, by: 3).map {
            (x(Double($0 * 60)), LocalDate.twoDigits($0 % 24) + ":00")
        }, title: words.timeAxis)
        svg.line(x1: left, y1: y(70), x2: right, y2: y(70), stroke: "#2e7d32", width: 1.5)
        svg.line(x1: left, y1: y(180), x2: right, y2: y(180), stroke: "#2e7d32", width: 1.5)
        let slots = report.profile
        if slots.count > 1 {
            // Each slot is drawn at its middle; the bands are polygons over the slots in order.
            let centre = { (slot: GlucoseReport.ProfileSlot) in x(Double(slot.minute) + Double(GlucoseReport.slotMinutes) / 2) }
            func band(_ upper: KeyPath<GlucoseReport.ProfileSlot, Double>, _ lower: KeyPath<GlucoseReport.ProfileSlot, Double>,
                      fill: String, label: String) {
                let points = slots.map { "\(SVGDrawing.number(centre($0))),\(SVGDrawing.number(y($0[keyPath: upper])))" }
                    + slots.reversed().map { "\(SVGDrawing.number(centre($0))),\(SVGDrawing.number(y($0[keyPath: lower])))" }
                svg.raw(#"<polygon class="\#(label)" points="\#(points.joined(separator: " "))" fill="\#(fill)" stroke="none"/>"#)
            }
            band(\.p95, \.p5, fill: "#c5d8ef", label: "band-5-95")
            band(\.p75, \.p25, fill: "#7aa6d8", label: "band-25-75")
            let median = slots.map { "\(SVGDrawing.number(centre($0))),\(SVGDrawing.number(y($0.p50)))" }.joined(separator: " ")
            svg.raw(##"<polyline class="median" points="\##(median)" fill="none" stroke="#0d3c78" stroke-width="2.5"/>"##)
        } else {
            svg.text(words.notEnough, x: (left + right) / 2, y: (top + bottom) / 2, anchor: .middle)
        }
        // The time-in-range bar: very high on top, very low at the bottom; the labels sit at even
        // heights beside it (as on the consensus report), so that thin bands never overlap.
        if let bands = report.bands {
            let barLeft = 712.0, barWidth = 36.0
            var cursor = top
            let rows: [(Double, String, String)] = [(bands.veryHigh, "#e65100", words.veryHigh), (bands.high, "#ffb74d", words.high),
                                                    (bands.inRange, "#43a047", words.inRange), (bands.low, "#e53935", words.low),
                                                    (bands.veryLow, "#8e0000", words.veryLow)]
            for (index, (share, fill, name)) in rows.enumerated() {
                let heightOfBand = share / 100 * (bottom - top)
                svg.raw(#"<rect x="\#(SVGDrawing.number(barLeft))" y="\#(SVGDrawing.number(cursor))" width="\#(barWidth)" height="\#(SVGDrawing.number(heightOfBand))" fill="\#(fill)"><title>\#(SVGDrawing.escape(name)) mg/dL: \#(SVGDrawing.number(share)) %</title></rect>"#)
                let labelY = top + 12 + Double(index) * (bottom - top - 16) / 4
                svg.line(x1: barLeft + barWidth, y1: cursor + heightOfBand / 2, x2: barLeft + barWidth + 10, y2: labelY - 4, stroke: "#999")
                svg.text("\(SVGDrawing.number(share)) %", x: barLeft + barWidth + 14, y: labelY, bold: true, fill: "#222")
                svg.text(name, x: barLeft + barWidth + 72, y: labelY, size: 11, fill: "#444")
                cursor += heightOfBand
            }
            svg.text(words.ranges, x: barLeft, y: top - 12, size: 11, fill: "#222")
        }
        svg.legend(x: left, y: 462, entries: [
            .init(.box(fill: "#c5d8ef"), "5–95 %"), .init(.box(fill: "#7aa6d8"), "25–75 %"),
            .init(.line(stroke: "#0d3c78", width: 2.5), words.median), .init(.line(stroke: "#2e7d32"), words.target),
        ])
        return svg.render()
    }
}

/// The AGP's words in the screen's language (`--lang`/`LANG`); the consensus' numbers stay as they are.
struct GlucoseProfileWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    var title: String { ko ? "연속혈당 프로필 (AGP)" : "Ambulatory glucose profile" }
    var noReadings: String { ko ? "센서 측정값 없음" : "no sensor readings" }
    func summary(first: LocalDate, last: LocalDate, readings: Int, inRange: String, mean: String, gmi: String, cv: String) -> String {
        ko ? "\(first) – \(last) · 측정 \(readings)회 · 목표 범위 \(inRange) % · 평균 \(mean) · GMI \(gmi) % · CV \(cv) %"
            : "\(first) – \(last) · \(readings) readings · in range \(inRange) % · mean \(mean) · GMI \(gmi) % · CV \(cv) %"
    }
    func glucoseAxis(_ unit: String) -> String { ko ? "혈당 (\(unit))" : "glucose (\(unit))" }
    var timeAxis: String { ko ? "시각" : "time of day" }
    var notEnough: String { ko ? "프로필을 그릴 만큼 센서 측정값이 없어요" : "Not enough sensor readings for a profile" }
    var veryHigh: String { ko ? "매우 높음 > 250" : "very high > 250" }
    var high: String { ko ? "높음 181–250" : "high 181–250" }
    var inRange: String { ko ? "목표 범위 70–180" : "in range 70–180" }
    var low: String { ko ? "낮음 54–69" : "low 54–69" }
    var veryLow: String { ko ? "매우 낮음 < 54" : "very low < 54" }
    var ranges: String { ko ? "범위별 시간 (mg/dL)" : "time in ranges (mg/dL)" }
    var median: String { ko ? "중앙값" : "median" }
    var target: String { ko ? "목표 70–180 mg/dL" : "target 70–180 mg/dL" }
}
