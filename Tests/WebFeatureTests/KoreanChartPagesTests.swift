import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// The charts the CLI draws, inline in the web pages, in the page's language (`Accept-Language`).
@Suite("Web app: the insulin, weight and diet charts in Korean and English")
struct KoreanChartPagesTests {
    /// The chart the CLI draws, inline (`SVGDrawing` names its namespace; the page's own small
    /// pictures do not): its words, not the page's.
    static func chart(_ html: String) throws -> String {
        let start = try #require(html.range(of: #"<svg xmlns="http://www.w3.org/2000/svg""#))
        let end = try #require(html.range(of: "</svg>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func hasHangul(_ text: String) -> Bool { text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    @Test func theInsulinMonthChartFollowsThePageLanguage() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/insulin")
        browser.post("/insulin/doses", [("kind", "long")])
        let english = try Self.chart(browser.get("/insulin/calendar?month=2026-11").html)
        #expect(english.contains("Insulin · November 2026") && english.contains("average time"))
        #expect(!Self.hasHangul(english))
        browser.headers["Accept-Language"] = "ko"
        let korean = try Self.chart(browser.get("/insulin/calendar?month=2026-11").html)
        #expect(korean.contains("인슐린 · 2026년 11월") && korean.contains("평균 시각"))
        #expect(!korean.contains("Insulin ·") && !korean.contains("average time"))
    }

    @Test func theWeightTrendFollowsThePageLanguage() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/weight")
        #expect(browser.post("/weight", [("kg", "72.5")]).status == 303)
        let english = try Self.chart(browser.get("/weight").html)
        #expect(english.contains("Weight and trend") && english.contains("distance from the trend"))
        #expect(!Self.hasHangul(english))
        browser.headers["Accept-Language"] = "ko"
        let korean = try Self.chart(browser.get("/weight").html)
        #expect(korean.contains("체중과 추세") && korean.contains("추세와의 차이") && korean.contains("체중 (kg)"))
        #expect(!korean.contains("Weight and trend") && !korean.contains("weight (kg)"))
    }

    @Test func theDietRingsFollowThePageLanguage() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let english = try Self.chart(browser.get("/food").html)
        for word in ["Energy", "Protein", "Carbs", "Fat", "goal (a full ring = 100 %)", "to go"] {
            #expect(english.contains(word), "missing \(word)")
        }
        #expect(!Self.hasHangul(english))
        browser.headers["Accept-Language"] = "ko"
        let korean = try Self.chart(browser.get("/food").html)
        for word in ["열량", "단백질", "탄수화물", "지방", "목표 (링 한 바퀴 = 100 %)", "남음", "식단 · "] {
            #expect(korean.contains(word), "missing \(word)")
        }
        for word in ["Energy", "Protein", "Carbs", ">Fat<", "to go", "of 2000"] { #expect(!korean.contains(word), "English left: \(word)") }
    }
}
