import Core
import Domain
import Foundation
import Testing

/// A bridge is remembered until one of the couple's marks or members changes (0024's version,
/// kept by triggers), on the engines that remember (the fake remembers nothing: every bridge
/// is counted, which is always right).
@Suite("Contract: CoupleRepository, remembered bridges")
struct CoupleBridgeCacheContract {
    static var engines: [Backend] { Backend.allCases.filter { $0 != .fake } }
    let d = Contract.date

    func stores(_ backend: Backend) throws -> Stores {
        let stores = try Stores(backend)
        for id in ["ana", "ben", "cleo"] { try stores.account(id) }
        try stores.couples.insert(Couple(id: "c", memberIDs: ["ana", "ben"], createdAt: Contract.at(0)))
        try stores.couples.insert(Couple(id: "x", memberIDs: ["cleo"], createdAt: Contract.at(0)))
        return stores
    }

    func bridge(_ day: String, mood: Int = 20, streak: Int = 3) -> Bridge {
        Bridge(date: d(day), parts: BridgeParts(mood: mood, photo: 30, care: 15, calendar: 10), streak: streak)
    }

    /// Remembers `bridge` at the couple's version now, and checks it comes back.
    func remember(_ bridge: Bridge, in couples: any CoupleRepository, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let version = try #require(try couples.rememberedBridge(coupleID: "c", day: bridge.date).version, sourceLocation: sourceLocation)
        try couples.rememberBridge(bridge, coupleID: "c", version: version)
        #expect(try couples.rememberedBridge(coupleID: "c", day: bridge.date) == RememberedBridge(version: version, bridge: bridge),
                sourceLocation: sourceLocation)
    }

    /// After `change`, the remembered bridge is gone and the version moved on.
    func expectForgotten(_ couples: any CoupleRepository, _ label: String, sourceLocation: SourceLocation = #_sourceLocation,
                         after change: () throws -> Void) throws {
        let day = d("2026-04-03")
        try remember(bridge("2026-04-03"), in: couples, sourceLocation: sourceLocation)
        let before = try couples.rememberedBridge(coupleID: "c", day: day).version
        try change()
        let after = try couples.rememberedBridge(coupleID: "c", day: day)
        #expect(after.bridge == nil, "\(label): the bridge was still remembered", sourceLocation: sourceLocation)
        #expect(after.version != nil && after.version != before, "\(label)", sourceLocation: sourceLocation)
    }

    @Test("remembered by day and couple, written over, a week kept", arguments: engines)
    func remembered(_ backend: Backend) throws {
        let couples = try stores(backend).couples
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")).bridge == nil)
        #expect(try couples.rememberedBridge(coupleID: "nobody", day: d("2026-04-03")) == RememberedBridge(version: nil, bridge: nil))
        try remember(bridge("2026-04-03"), in: couples)
        try remember(bridge("2026-04-03", mood: 10, streak: 0), in: couples) // written over
        try remember(bridge("2026-04-02"), in: couples)
        // One counted from an older version (a read that began before a write) does not replace it.
        let version = try #require(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")).version)
        try couples.rememberBridge(bridge("2026-04-03", mood: 0, streak: 9), coupleID: "c", version: version - 1)
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")).bridge?.streak == 0)
        #expect(try couples.rememberedBridge(coupleID: "x", day: d("2026-04-03")).bridge == nil, "another couple's")
        // A day more than a week before the last one remembered is forgotten.
        try remember(bridge("2026-04-10"), in: couples)
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-02")).bridge == nil)
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")).bridge?.streak == 0)
    }

    @Test("every kind of mark written, changed or deleted forgets it, and only the couple's", arguments: engines)
    func forgotten(_ backend: Backend) throws {
        let couples = try stores(backend).couples
        let at = Contract.at(0)
        let mood = MoodEntry(id: "m", coupleID: "c", authorID: "ana", day: d("2026-04-03"), mood: .happy, status: nil, note: nil,
                             createdAt: at, updatedAt: at)
        try expectForgotten(couples, "a mood") { try couples.save(mood) }
        try expectForgotten(couples, "a mood changed") {
            try couples.save(MoodEntry(id: "m", coupleID: "c", authorID: "ana", day: d("2026-04-03"), mood: .tired, status: "x",
                                       note: nil, createdAt: at, updatedAt: Contract.at(1)))
        }
        let photo = CouplePhoto(id: "p", coupleID: "c", authorID: "ben", day: d("2026-04-01"), sha256: "aa", format: .jpeg, byteCount: 1,
                                caption: nil, createdAt: at, updatedAt: at)
        try expectForgotten(couples, "a photo of another day") { try couples.save(photo) }
        try expectForgotten(couples, "a photo deleted") {
            try couples.save(CouplePhoto(id: "p", coupleID: "c", authorID: "ben", day: d("2026-04-01"), sha256: "aa", format: .jpeg,
                                         byteCount: 1, caption: nil, createdAt: at, updatedAt: Contract.at(1), deletedAt: Contract.at(1)))
        }
        try expectForgotten(couples, "care done") {
            try couples.save(CareItem(id: "k", coupleID: "c", authorID: "ana", forAccountID: "ben", text: "t", due: nil, doneBy: "ben",
                                      doneAt: at, doneDay: d("2026-04-03"), createdAt: at, updatedAt: at))
        }
        try expectForgotten(couples, "a calendar look") {
            try couples.insert(CalendarCheck(id: "l", coupleID: "c", accountID: "ana", day: d("2026-04-03"), createdAt: at))
        }
        // Another couple's marks leave this couple's bridge as it was.
        try remember(bridge("2026-04-03"), in: couples)
        try couples.save(MoodEntry(id: "o", coupleID: "x", authorID: "cleo", day: d("2026-04-03"), mood: .happy, status: nil, note: nil,
                                   createdAt: at, updatedAt: at))
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")).bridge == bridge("2026-04-03"))
        // A couple erased takes what was remembered of it.
        try couples.erase(coupleID: "c")
        #expect(try couples.rememberedBridge(coupleID: "c", day: d("2026-04-03")) == RememberedBridge(version: nil, bridge: nil))
    }
}
