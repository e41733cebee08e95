import Foundation
import Testing
import Core
import Domain
import HTTP

/// The home and the bridge route keep the bridge they counted (0024) and count it again once
/// anything it depends on changed: what they answer is always the bridge of the marks as they are.
@Suite("Couple: the bridge remembered between visits")
struct CoupleBridgeMemoryTests {
    @Test func theHomeRemembersItsBridgeUntilAMarkChanges() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        let accountA = try #require(try api.stack.accountID(token: a))
        let couple = try #require(try api.stack.couples.couples(accountID: accountA).first)
        let today = LocalDate("2026-11-30")!
        func home(_ token: String) -> [String: Any] { api.send("GET", "/v1/couple/home", token: token).json.object("bridge") }
        func remembered() throws -> RememberedBridge { try api.stack.couples.rememberedBridge(coupleID: couple.id, day: today) }

        #expect(home(a).int("score") == 0)
        let first = try remembered()
        #expect(first.bridge?.score == 0, "the home kept the bridge it counted")
        #expect(home(b).int("score") == 0, "B's today is the same date")

        #expect(api.send("PUT", "/v1/couple/mood", json: ["mood": "happy"], token: a).status == 200)
        // The mood's announcement counted the bridge just after the write, and kept it.
        #expect(try remembered().bridge?.score == 10)
        #expect(try remembered().version != first.version)
        #expect(home(b).int("score") == 10 && home(a).int("score") == 10)

        // Written straight into the store, as sync or an import would: the version still moves.
        try api.stack.couples.save(MoodEntry(id: UUIDv7.makeString(), coupleID: couple.id, authorID: couple.memberIDs[1], day: today,
                                             mood: .calm, status: nil, note: nil, createdAt: api.clock.now, updatedAt: api.clock.now))
        #expect(try remembered().bridge == nil)
        #expect(home(a).int("score") == 20)
        let bridge = api.send("GET", "/v1/couple/bridge", token: b).json
        #expect(bridge.int("score") == 20 && bridge.int("streak") == 0)
    }
}
