import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

@Suite("Web app: the couple space")
struct CouplePagesTests {
    @Test func twoBrowsersPairShareMoodsAndDisconnect() throws {
        let (_, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app, email: "minji@example.com", name: "Minji")
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        #expect(minji.get("/couple").html.contains("Make an invite code"))
        let invite = minji.post("/couple/invites", [])
        #expect(invite.status == 201)
        let code = try #require(invite.html.range(of: #"partner: [A-Z0-9-]+"#, options: .regularExpression).map {
            String(invite.html[$0].dropFirst("partner: ".count))
        })
        jun.get("/couple")
        let wrong = jun.post("/couple/join", [("code", "NOPE-NOPE")])
        #expect(wrong.status == 404 || wrong.status == 400)
        jun.get("/couple")
        #expect(jun.post("/couple/join", [("code", code)]).location == "/couple")

        let payload = "<script>alert(1)</script>"
        jun.get("/couple")
        #expect(jun.post("/couple/mood", [("mood", "tired"), ("status", payload)]).location == "/couple")
        let seen = minji.get("/couple").html
        #expect(seen.contains("Jun"))
        #expect(seen.contains("😪 tired — &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!seen.contains(payload))
        #expect(seen.contains("The bridge has begun") || seen.contains("Waiting for the first step"))
        #expect(minji.post("/couple/mood", [("mood", "grumpy")]).status == 400)

        minji.get("/couple")
        #expect(minji.post("/couple/disconnect", [("confirm", "yes")]).location == "/couple")
        #expect(jun.get("/couple").html.contains("Make an invite code"))
    }

    @Test func koreanHomeUsesTheSeedsWords() throws {
        let (_, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app, email: "minji@example.com", name: "민지")
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "준")
        let invite = minji.post("/couple/invites", [], csrf: { minji.get("/couple"); return minji.lastCSRF }())
        let code = String(invite.html[invite.html.range(of: #"partner: [A-Z0-9-]+"#, options: .regularExpression)!].dropFirst("partner: ".count))
        jun.get("/couple")
        jun.post("/couple/join", [("code", code)])
        jun.headers["Accept-Language"] = "ko"
        let home = jun.get("/couple").html
        #expect(home.contains("연결된 다리"))
        #expect(home.contains("다음 만남"))
        #expect(home.contains("첫 발판을 기다리는 중"))
    }
}
