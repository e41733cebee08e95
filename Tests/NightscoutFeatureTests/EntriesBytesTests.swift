import Foundation
import Testing
import Core
@testable import NightscoutFeature

/// The exact bytes `GET /api/v1/entries.json` answers, captured before its read path was made
/// faster: a page is the stored documents as they are, newest first, joined into one array.
@Suite("The entries response's bytes", .serialized)
struct EntriesBytesTests {
    static let upload = #"""
        [{"_id":"6750a1b2c3d4e5f601234567","device":"xDrip-DexcomG6","date":1796036400000,"dateString":"2026-11-30T20:00:00.000+0900",
          "sgv":142,"delta":-5.25,"direction":"FortyFiveDown","type":"sgv","filtered":142000,"unfiltered":141500,"rssi":100,"noise":1,
          "note":"a \"quoted\" / slashed\\ é 한글 😀"},
         {"_id":"6750a1b2c3d4e5f601234568","device":"xDrip-DexcomG6","date":1796036700000,"sgv":137,"delta":-5,"type":"sgv",
          "direction":"Flat"},
         {"_id":"6750a1b2c3d4e5f601234569","device":"meter","date":1796036500000,"mbg":120,"type":"mbg"}]
        """#

    @Test("a page of entries: the stored documents, newest first, byte for byte")
    func page() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let auth = ["api-secret": sha1]
        #expect(try await server.request("POST", "/api/v1/entries", headers: auth, body: Self.upload).status == 200)
        let read = try await server.request("GET", "/api/v1/entries.json?count=288", headers: auth)
        #expect(read.status == 200)
        #expect(read.headers["content-type"] == "application/json")
        #expect(read.text == #"""
            [{"_id":"6750a1b2c3d4e5f601234568","date":1796036700000,"dateString":"2026-11-30T11:05:00.000Z","delta":-5,"de\#
            vice":"xDrip-DexcomG6","direction":"Flat","sgv":137,"type":"sgv"},{"_id":"6750a1b2c3d4e5f601234569","date":179\#
            6036500000,"dateString":"2026-11-30T11:01:40.000Z","device":"meter","mbg":120,"type":"mbg"},{"_id":"6750a1b2c3\#
            d4e5f601234567","date":1796036400000,"dateString":"2026-11-30T20:00:00.000+0900","delta":-5.25,"device":"xDrip\#
            -DexcomG6","direction":"FortyFiveDown","filtered":142000,"noise":1,"note":"a \"quoted\" / slashed\\ é 한글 😀","r\#
            ssi":100,"sgv":142,"type":"sgv","unfiltered":141500}]
            """#)
        let one = try await server.request("GET", "/api/v1/entries.json?count=1", headers: auth)
        #expect(one.text == #"""
            [{"_id":"6750a1b2c3d4e5f601234568","date":1796036700000,"dateString":"2026-11-30T11:05:00.000Z","delta":-5,"de\#
            vice":"xDrip-DexcomG6","direction":"Flat","sgv":137,"type":"sgv"}]
            """#)
        let none = try await server.request("GET", "/api/v1/entries.json?count=288&find[date][$gt]=1796036700000", headers: auth)
        #expect(none.text == "[]")
    }
}
