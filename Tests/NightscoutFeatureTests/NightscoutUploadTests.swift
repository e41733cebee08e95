import Foundation
import Testing
import Core
import Data
import Domain
@testable import NightscoutFeature

/// Uploads shaped exactly as the clients send them (xDrip+, AndroidAPS's NSClient, Loop,
/// nightscout-librelink-up), over a real socket. The clock is 2026-11-30T12:00:00Z.
@Suite("Nightscout uploads from real clients", .serialized)
struct NightscoutUploadTests {
    /// xDrip+'s entries upload (its field set, a day's re-send included).
    static let xdripEntries = """
        [{"device":"xDrip-DexcomG6","date":1796036400000,"dateString":"2026-11-30T20:00:00.000+0900","sgv":142,"delta":-5.2,
          "direction":"FortyFiveDown","type":"sgv","filtered":142000,"unfiltered":141500,"rssi":100,"noise":1,
          "sysTime":"2026-11-30T20:00:00.000+0900"},
         {"device":"xDrip-DexcomG6","date":1796036700000,"dateString":"2026-11-30T20:05:00.000+0900","sgv":137,"delta":-5.0,
          "direction":"FortyFiveDown","type":"sgv","filtered":137000,"unfiltered":136500,"rssi":100,"noise":1,
          "sysTime":"2026-11-30T20:05:00.000+0900"}]
        """

    @Test("xDrip+ entries: stored once however often re-sent, newest first, the client's fields kept")
    func xdripEntries() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let auth = ["api-secret": sha1]
        let first = try await server.request("POST", "/api/v1/entries", headers: auth, body: Self.xdripEntries)
        #expect(first.status == 200)
        #expect(first.list.count == 2)
        #expect(first.list.allSatisfy { ($0["_id"] as? String)?.count == 24 })
        #expect(try await server.request("POST", "/api/v1/entries", headers: auth, body: Self.xdripEntries).status == 200)
        let count: Int = try server.database.queryOne("SELECT count(*) AS n FROM glucose_readings")!.get("n")
        #expect(count == 2)

        let read = try await server.request("GET", "/api/v1/entries.json?count=10", headers: auth)
        #expect(read.list.map { $0["sgv"] as? Int } == [137, 142])
        #expect(read.list.first?["direction"] as? String == "FortyFiveDown")
        #expect(read.list.first?["rssi"] as? Int == 100)
        #expect(read.list.first?["_id"] as? String == first.list.last?["_id"] as? String)
        let sgv = try await server.request("GET", "/api/v1/entries/sgv.json?count=1", headers: auth)
        #expect(sgv.list.map { $0["sgv"] as? Int } == [137])
        let current = try await server.request("GET", "/api/v1/entries/current.json", headers: auth)
        #expect(current.list.map { $0["date"] as? Int } == [1_796_036_700_000])
        let since = try await server.request("GET", "/api/v1/entries.json?find[date][$gt]=1796036400000", headers: auth)
        #expect(since.list.map { $0["sgv"] as? Int } == [137])
        let byString = try await server.request(
            "GET", "/api/v1/entries.json?find[dateString][$lte]=\(NightscoutServer.encoded("2026-11-30T11:00:00Z"))", headers: auth)
        #expect(byString.list.map { $0["sgv"] as? Int } == [142])
        let high = try await server.request("GET", "/api/v1/entries.json?find[sgv][$gte]=140", headers: auth)
        #expect(high.list.map { $0["sgv"] as? Int } == [142])
    }

    @Test("nightscout-librelink-up's entries and a meter reading (mbg)")
    func librelinkUp() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let body = """
            [{"type":"sgv","sgv":101,"direction":"Flat","device":"nightscout-librelink-up","date":1796036100000,
              "dateString":"2026-11-30T10:55:00.000Z"},
             {"type":"mbg","mbg":96,"device":"meter","date":1796036160000}]
            """
        let stored = try await server.request("POST", "/api/v1/entries.json", headers: ["api-secret": sha1], body: body)
        #expect(stored.status == 200)
        #expect(stored.list.last?["dateString"] as? String == "2026-11-30T10:56:00.000Z", "Nightscout's dateString is added")
        let meter = try await server.request("GET", "/api/v1/entries/mbg.json", headers: ["api-secret": sha1])
        #expect(meter.list.map { $0["mbg"] as? Int } == [96])
        let points = try SQLiteNightscoutDocumentRepository(database: server.database).readings(
            ownerID: "alice", in: Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 2e9))
        #expect(points.map(\.mgdl) == [101, 96])
    }

    @Test("xDrip+'s insulinInjections: one treatment naming Actrapid and Toujeo makes a rapid and a long dose")
    func xdripInjections() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        // As xDrip+ sends it (Nightscout issue #6774), today.
        let body = #"""
            {"carbs":null,"created_at":"2026-11-30T05:10:28.000Z","enteredBy":"xdrip","eventType":"<none>","insulin":76,
             "insulinInjections":"[{\"insulin\":\"Actrapid\",\"units\":20.0},{\"insulin\":\"Toujeo\",\"units\":56.0}]",
             "sysTime":"2026-11-30T06:10:28.947+0100","timestamp":1796015428000,"uuid":"5c3b6a2e-0d1e-4b8f-9f7a-1f2e3d4c5b6a"}
            """#
        let posted = try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1], body: body)
        #expect(posted.status == 200)
        #expect(try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1], body: body).status == 200)
        let doses = try server.insulin.listDoses(ownerID: "alice", in: nil).sorted { $0.units < $1.units }
        #expect(doses.map(\.kind) == [.rapid, .long])
        #expect(doses.map(\.units) == [20, 56])
        #expect(doses.map(\.note) == ["Actrapid", "Toujeo"])
        // Read back: the treatment as xDrip+ sent it (its uuid kept), and no other.
        let read = try await server.request("GET", "/api/v1/treatments.json", headers: ["api-secret": sha1])
        #expect(read.list.count == 1)
        #expect(read.list.first?["uuid"] as? String == "5c3b6a2e-0d1e-4b8f-9f7a-1f2e3d4c5b6a")
        #expect(read.list.first?["insulin"] as? Int == 76)
    }

    @Test("AndroidAPS: an SMB is a rapid dose to 0.01 u, a basal-insulin bolus is long, a Temp Basal stays a treatment")
    func androidAPS() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let body = """
            [{"eventType":"Correction Bolus","insulin":0.35,"created_at":"2026-11-30T10:00:00.000Z","date":1796032800000,
              "type":"SMB","isSMB":true,"isValid":true,"enteredBy":"openaps://AndroidAPS","pumpId":4102,"pumpType":"OMNIPOD_DASH",
              "pumpSerial":"4241"},
             {"eventType":"Temp Basal","duration":30,"durationInMilliseconds":1800000,"rate":0.5,"absolute":0.5,"percent":-50,
              "type":"NORMAL","created_at":"2026-11-30T10:05:00.000Z","enteredBy":"openaps://AndroidAPS","isValid":true},
             {"eventType":"Correction Bolus","insulin":14,"isBasalInsulin":true,"type":"NORMAL",
              "created_at":"2026-11-29T13:00:00.000Z","enteredBy":"openaps://AndroidAPS","isValid":true}]
            """
        let posted = try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1], body: body)
        #expect(posted.status == 200)
        let doses = try server.insulin.listDoses(ownerID: "alice", in: nil)
        #expect(doses.map(\.kind) == [.long, .rapid])
        #expect(doses.map(\.units) == [14, 0.35])
        let basal = try await server.request("GET", "/api/v1/treatments.json?find[eventType]=Temp%20Basal", headers: ["api-secret": sha1])
        #expect(basal.list.map { $0["percent"] as? Int } == [-50])
    }

    @Test("Loop: a bolus with its syncIdentifier and insulinType; re-sent, it is the same (created_at and eventType)")
    func loop() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let body = """
            [{"eventType":"Correction Bolus","timestamp":"2026-11-30T09:30:00Z","created_at":"2026-11-30T09:30:00Z",
              "enteredBy":"loop://iPhone","insulin":2.25,"programmed":2.25,"unabsorbed":0,"duration":0,"type":"normal",
              "automatic":false,"syncIdentifier":"6c6f6f70626f6c7573","insulinType":"Humalog"}]
            """
        for _ in 0..<2 {
            #expect(try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1], body: body).status == 200)
        }
        let doses = try server.insulin.listDoses(ownerID: "alice", in: nil)
        #expect(doses.count == 1)
        #expect(doses.first?.units == 2.25)
        #expect(doses.first?.note == "Humalog")
    }

    @Test("a dose typed in Tend is a treatment; a treatment's insulin follows an edit; deleting by _id deletes the dose")
    func oneTruth() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let logged = try server.insulin.logDose(ownerID: "alice", .init(kind: .long, units: 18,
                                                                        takenAt: ISO8601.parseInstant("2026-11-29T13:05:00Z")))
        let read = try await server.request("GET", "/api/v1/treatments.json", headers: ["api-secret": sha1])
        let treatment = try #require(read.list.first)
        #expect(treatment["_id"] as? String == logged.dose.id)
        #expect(treatment["eventType"] as? String == "Basal Injection")
        #expect(treatment["insulin"] as? Int == 18)
        #expect(treatment["created_at"] as? String == "2026-11-29T13:05:00.000Z")
        #expect(treatment["utcOffset"] as? Int == 540)
        #expect(treatment["insulinInjections"] as? String == #"[{"insulin":"Long-acting","units":18.0}]"#)
        // Sent back as it was read, it adds nothing.
        let echo = try JSONSerialization.data(withJSONObject: treatment)
        #expect(try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1],
                                         body: String(decoding: echo, as: UTF8.self)).status == 200)
        #expect(try server.insulin.listDoses(ownerID: "alice", in: nil).count == 1)
        let deleted = try await server.request("DELETE", "/api/v1/treatments/\(logged.dose.id)", headers: ["api-secret": sha1])
        #expect(deleted.object["n"] as? Int == 1)
        #expect(try server.insulin.listDoses(ownerID: "alice", in: nil).isEmpty)
    }

    @Test("a long dose from Nightscout inside the guard is kept and raises possible_double_dose")
    func doubleDoseWarning() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        _ = try server.insulin.logDose(ownerID: "alice", .init(kind: .long, units: 10, takenAt: ISO8601.parseInstant("2026-11-29T13:00:00Z")))
        let body = #"{"eventType":"<none>","created_at":"2026-11-29T14:00:00.000Z","insulin":10,"insulinInjections":"[{\"insulin\":\"Lantus\",\"units\":10.0}]","enteredBy":"xdrip"}"#
        #expect(try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1], body: body).status == 200)
        #expect(try server.insulin.listDoses(ownerID: "alice", in: nil).count == 2)
        let kinds: [String] = try server.database.query("SELECT kind FROM sync_conflicts WHERE owner_id = 'alice'").map { try $0.get("kind") }
        #expect(kinds == ["possible_double_dose"])
    }

    @Test("queries: the 4-day default, count, $gte with ISO and epoch, $ne, $in, enteredBy; newest first")
    func queries() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        var items: [String] = []
        for (day, event, by) in [("2026-11-20", "Note", "a"), ("2026-11-27", "Meal Bolus", "b"), ("2026-11-28", "Note", "c"),
                                 ("2026-11-29", "Site Change", "a"), ("2026-11-30", "Note", "b")] {
            items.append(#"{"eventType":"\#(event)","created_at":"\#(day)T08:00:00.000Z","enteredBy":"\#(by)","carbs":10}"#)
        }
        #expect(try await server.request("POST", "/api/v1/treatments", headers: ["api-secret": sha1],
                                         body: "[" + items.joined(separator: ",") + "]").status == 200)
        func days(_ query: String) async throws -> [String] {
            try await server.request("GET", "/api/v1/treatments.json" + query, headers: ["api-secret": sha1]).list
                .map { String(($0["created_at"] as? String ?? "").prefix(10)) }
        }
        #expect(try await days("") == ["2026-11-30", "2026-11-29", "2026-11-28", "2026-11-27"])
        #expect(try await days("?count=2") == ["2026-11-30", "2026-11-29"])
        #expect(try await days("?find[created_at][$gte]=2026-11-01") == ["2026-11-30", "2026-11-29", "2026-11-28", "2026-11-27", "2026-11-20"])
        #expect(try await days("?find[created_at][$gte]=1795132800000&find[created_at][$lt]=2026-11-28T08:00:00.000Z")
                == ["2026-11-27", "2026-11-20"])
        #expect(try await days("?find[eventType][$ne]=Note") == ["2026-11-29", "2026-11-27"])
        #expect(try await days("?find[eventType][$in]=Site%20Change,Meal%20Bolus") == ["2026-11-29", "2026-11-27"])
        #expect(try await days("?find[enteredBy]=b") == ["2026-11-30", "2026-11-27"])
        let deleted = try await server.request("DELETE", "/api/v1/treatments.json?find[eventType]=Note&find[created_at][$gte]=2026-11-01",
                                               headers: ["api-secret": sha1])
        #expect(deleted.object["n"] as? Int == 3)
        #expect(try await days("?find[created_at][$gte]=2026-11-01") == ["2026-11-29", "2026-11-27"])
    }

    @Test("bad input is a Nightscout-style 4xx, never a 500")
    func badInput() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let auth = ["api-secret": sha1]
        let cases: [(String, String, String?, String)] = [
            ("POST", "/api/v1/entries", "[1,2]", "invalid_entry"),
            ("POST", "/api/v1/entries", "{\"sgv\":9999,\"date\":1796036400000}", "invalid_glucose"),
            ("POST", "/api/v1/entries", "{\"sgv\":120}", "invalid_date"),
            ("POST", "/api/v1/entries", "not json", "malformed_json"),
            ("POST", "/api/v1/treatments", "{\"insulin\":500,\"eventType\":\"Bolus\"}", "invalid_insulin"),
            ("POST", "/api/v1/treatments", "{\"insulin\":\"lots\"}", "invalid_insulin"),
            ("POST", "/api/v1/treatments", "{\"created_at\":\"yesterday\"}", "invalid_date"),
            ("POST", "/api/v1/treatments", "{\"_id\":\"../x\"}", "invalid_id"),
            ("POST", "/api/v1/treatments", "{\"insulinInjections\":\"[{]\"}", "invalid_insulin"),
            ("POST", "/api/v1/devicestatus", "\"text\"", "invalid_body"),
            ("GET", "/api/v1/entries.json?count=abc", nil, "invalid_count"),
            ("GET", "/api/v1/entries.json?find[date][$gte]=soon", nil, "invalid_date"),
            ("GET", "/api/v1/treatments.json?find[created_at][$where]=1", nil, "invalid_query"),
        ]
        for (method, path, body, code) in cases {
            let answer = try await server.request(method, path, headers: auth, body: body)
            #expect(answer.status == 400, "\(method) \(path) \(body ?? "") → \(answer.status) \(answer.text)")
            #expect(answer.object["code"] as? String == code, "\(path) \(body ?? ""): \(answer.text)")
            #expect(answer.object["status"] as? Int == 400)
        }
        // Nothing of a refused upload was kept: a good entry beside a bad one is not stored either.
        let mixed = #"[{"sgv":120,"date":1796036400000},{"sgv":9999,"date":1796036700000}]"#
        #expect(try await server.request("POST", "/api/v1/entries", headers: auth, body: mixed).status == 400)
        #expect(try await server.request("GET", "/api/v1/entries.json", headers: auth).list.isEmpty)
    }

    @Test("device statuses and the profile from the insulin settings")
    func deviceStatusAndProfile() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let status = #"{"device":"openaps://samsung SM-G970F","created_at":"2026-11-30T11:55:00.000Z","pump":{"battery":{"percent":75}},"uploaderBattery":88}"#
        for _ in 0..<2 {
            #expect(try await server.request("POST", "/api/v1/devicestatus.json", headers: ["api-secret": sha1], body: status).status == 200)
        }
        let read = try await server.request("GET", "/api/v1/devicestatus.json?count=5", headers: ["api-secret": sha1])
        #expect(read.list.count == 1)
        #expect((read.list.first?["pump"] as? [String: Any]).flatMap { $0["battery"] as? [String: Any] }?["percent"] as? Int == 75)
        let profile = try await server.request("GET", "/api/v1/profile/current.json", headers: ["api-secret": sha1])
        #expect(profile.object["units"] as? String == "mg/dl")
        let store = (profile.object["store"] as? [String: Any])?["Default"] as? [String: Any]
        #expect(store?["timezone"] as? String == "Asia/Seoul")
        let insulins = profile.object["insulins"] as? [[String: Any]] ?? []
        #expect(insulins.map { $0["kind"] as? String } == ["long", "rapid"])
        #expect(try await server.request("GET", "/api/v1/profile.json", headers: ["api-secret": sha1]).list.count == 1)
    }
}
