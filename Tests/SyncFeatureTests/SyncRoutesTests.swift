import Foundation
import Testing
import Core
import Domain
import HTTP
import SyncFeature

@Suite("The sync API: push and pull")
struct SyncRoutesTests {
    /// The sync routes in process, through the request pipeline, with a fixed clock.
    struct API {
        let clock = TestClock()
        let server: SyncServerSide
        let application: HTTPApplication

        init() throws {
            server = try SyncServerSide(clock: clock)
            application = server.application()
        }

        struct Answer {
            let status: Int
            let json: [String: Any]
            let body: Data

            var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
            var results: [[String: Any]] { json["results"] as? [[String: Any]] ?? [] }
            var changes: [[String: Any]] { json["changes"] as? [[String: Any]] ?? [] }
        }

        /// One request; any 5xx is an issue of its own (never a 500 for what a client sends).
        func send(_ method: String, _ path: String, body: Data = Data(), token: String? = "token-alice",
                  query: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) -> Answer {
            var headers = ["Content-Type": "application/json"]
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
            #expect(response.status < 500, "\(method) \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))",
                    sourceLocation: sourceLocation)
            let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
            return Answer(status: response.status, json: json, body: response.body)
        }

        /// A push of `changes` (JSON objects); `protocolVersion` nil leaves the field out.
        func push(_ changes: [[String: Any]], protocolVersion: Int? = SyncProtocol.version, device: String = "laptop",
                  token: String = "token-alice", sourceLocation: SourceLocation = #_sourceLocation) throws -> Answer {
            var object: [String: Any] = ["device_id": device, "changes": changes]
            if let protocolVersion { object["protocol"] = protocolVersion }
            return send("POST", "/v1/sync/push", body: try JSONSerialization.data(withJSONObject: object), token: token,
                        sourceLocation: sourceLocation)
        }

        func pull(cursor: String? = nil, limit: Int? = nil, token: String = "token-alice", protocolVersion: String? = "1",
                  sourceLocation: SourceLocation = #_sourceLocation) -> Answer {
            var query: [String: String] = [:]
            if let protocolVersion { query["protocol"] = protocolVersion }
            if let cursor { query["cursor"] = cursor }
            if let limit { query["limit"] = String(limit) }
            return send("GET", "/v1/sync/pull", token: token, query: query, sourceLocation: sourceLocation)
        }

        /// Every change of the account, page after page.
        func pullAll(token: String = "token-alice") -> [[String: Any]] {
            var all: [[String: Any]] = []
            var cursor: String?
            for _ in 0..<100 {
                let page = pull(cursor: cursor, token: token)
                guard page.status == 200 else { return all }
                all += page.changes
                cursor = page.json["cursor"] as? String
                if page.json["has_more"] as? Bool != true { break }
            }
            return all
        }

        // MARK: Changes as a device writes them

        static func newID() -> String { UUID().uuidString.lowercased() }

        /// A clock of the device `laptop` at the server's now, with a counter to tell changes apart.
        func clockText(_ counter: UInt16, device: String = "laptop") -> String {
            HLCTimestamp(physical: clock.milliseconds, counter: counter, deviceID: device)!.text
        }

        /// The insert of a new dose, with every field a dose row needs.
        func doseInsert(record: String = newID(), change: String = newID(), kind: String = "rapid", units: Any = 4,
                        note: String? = nil, counter: UInt16 = 0, device: String = "laptop") -> [String: Any] {
            let ms = clock.milliseconds
            var fields: [String: Any] = ["kind": kind, "units": units, "taken_at": ms - 60_000, "created_at": ms, "updated_at": ms]
            if let note { fields["note"] = note }
            return ["id": change, "table": "insulin_doses", "record_id": record, "operation": "insert", "fields": fields,
                    "clock": clockText(counter, device: device)]
        }

        func update(_ table: String = "insulin_doses", record: String, fields: [String: Any], change: String = newID(),
                    counter: UInt16 = 1, device: String = "laptop") -> [String: Any] {
            ["id": change, "table": table, "record_id": record, "operation": "update", "fields": fields,
             "clock": clockText(counter, device: device)]
        }
    }

    static func status(_ answer: API.Answer, of change: [String: Any]) -> [String: Any]? {
        answer.results.first { $0["change_id"] as? String == change["id"] as? String }
    }

    // MARK: - Push

    @Test func aValidDoseIsAppliedThenPulledAndARetryIsADuplicate() throws {
        let api = try API()
        let dose = api.doseInsert(units: 4.5, note: "before lunch")
        let first = try api.push([dose])
        #expect(first.status == 200)
        #expect(first.results.count == 1)
        #expect(first.results.first?["change_id"] as? String == dose["id"] as? String)
        #expect(first.results.first?["status"] as? String == "applied")

        // The server holds the dose as a row of the account.
        let stored = try api.server.doses(of: "acct-alice")
        let record = try #require(stored[dose["record_id"] as! String])
        #expect(record.units == 4.5)
        #expect(record.note == "before lunch")

        let page = api.pull()
        #expect(page.status == 200)
        #expect(page.json["has_more"] as? Bool == false)
        #expect(page.json["cursor"] is String)
        let pulled = try #require(page.changes.first { $0["id"] as? String == dose["id"] as? String })
        #expect(pulled["record_id"] as? String == dose["record_id"] as? String)
        #expect(pulled["table"] as? String == "insulin_doses")
        #expect(pulled["operation"] as? String == "insert")
        #expect(pulled["clock"] as? String == dose["clock"] as? String)
        let fields = try #require(pulled["fields"] as? [String: Any])
        #expect((fields["units"] as? NSNumber)?.doubleValue == 4.5)
        #expect(fields["note"] as? String == "before lunch")
        #expect(fields["kind"] as? String == "rapid")

        // The same push again (its answer was lost): a duplicate, applied once.
        let retry = try api.push([dose])
        #expect(retry.status == 200)
        #expect(retry.results.first?["status"] as? String == "duplicate")
        #expect(try api.server.doses(of: "acct-alice").count == 1)
        #expect(api.pullAll().filter { $0["id"] as? String == dose["id"] as? String }.count == 1)
    }

    @Test func a500UnitDoseIsRejectedAndTheRestOfTheBatchApplies() throws {
        let api = try API()
        let before = api.doseInsert(counter: 0)
        let huge = api.doseInsert(units: 500, counter: 1)
        let after = api.doseInsert(kind: "long", units: 12, counter: 2)
        let answer = try api.push([before, huge, after])
        #expect(answer.status == 200)
        #expect(answer.results.count == 3)
        #expect(Self.status(answer, of: before)?["status"] as? String == "applied")
        #expect(Self.status(answer, of: after)?["status"] as? String == "applied")
        let rejected = try #require(Self.status(answer, of: huge))
        #expect(rejected["status"] as? String == "rejected")
        #expect(rejected["reason"] as? String == "invalid_units")
        #expect((rejected["message"] as? String)?.isEmpty == false)

        let stored = try api.server.doses(of: "acct-alice")
        #expect(Set(stored.keys) == [before["record_id"] as! String, after["record_id"] as! String])
        let pulledRecords = Set(api.pullAll().compactMap { $0["record_id"] as? String })
        #expect(pulledRecords == [before["record_id"] as! String, after["record_id"] as! String])
    }

    @Test func aChangeToAnotherAccountsRecordIsRejectedAsNotFound() throws {
        let api = try API()
        let alices = api.doseInsert(units: 6, note: "alice's")
        #expect(Self.status(try api.push([alices]), of: alices)?["status"] as? String == "applied")
        let recordID = alices["record_id"] as! String

        // Bob edits Alice's dose, and inserts one with the id of hers: both not_found.
        let edit = api.update(record: recordID, fields: ["units": 2, "note": "bob was here"], device: "bobs-phone")
        let clash = api.doseInsert(record: recordID, units: 1, note: "bob's", device: "bobs-phone")
        let answer = try api.push([edit, clash], device: "bobs-phone", token: "token-bob")
        #expect(answer.status == 200)
        for change in [edit, clash] {
            let result = try #require(Self.status(answer, of: change))
            #expect(result["status"] as? String == "rejected")
            #expect(result["reason"] as? String == "not_found")
        }
        let kept = try #require(try api.server.doses(of: "acct-alice")[recordID])
        #expect(kept.units == 6)
        #expect(kept.note == "alice's")
        #expect(try api.server.doses(of: "acct-bob").isEmpty)
        #expect(api.pullAll(token: "token-bob").isEmpty)
    }

    @Test func anUnknownTableOrFieldIsRejectedAlone() throws {
        let api = try API()
        let good = api.doseInsert(counter: 0)
        var table = api.doseInsert(counter: 1)
        table["table"] = "accounts"
        var field = api.doseInsert(counter: 2)
        field["fields"] = (field["fields"] as! [String: Any]).merging(["owner_id": "acct-bob"]) { $1 }
        var unknown = api.doseInsert(counter: 3)
        unknown["fields"] = (unknown["fields"] as! [String: Any]).merging(["colour": "blue"]) { $1 }
        let answer = try api.push([good, table, field, unknown])
        #expect(answer.status == 200)
        #expect(Self.status(answer, of: good)?["status"] as? String == "applied")
        #expect(Self.status(answer, of: table)?["status"] as? String == "rejected")
        #expect(Self.status(answer, of: table)?["reason"] as? String == "unknown_table")
        for change in [field, unknown] {
            #expect(Self.status(answer, of: change)?["status"] as? String == "rejected")
            #expect(Self.status(answer, of: change)?["reason"] as? String == "unknown_field")
        }
        #expect(try api.server.doses(of: "acct-alice").keys.sorted() == [good["record_id"] as! String])
        #expect(try api.server.doses(of: "acct-bob").isEmpty)
    }

    @Test func aPushWithoutACurrentProtocolIsRefusedWholeAndAppliesNothing() throws {
        let api = try API()
        let missing = try api.push([api.doseInsert(counter: 0)], protocolVersion: nil)
        #expect((400..<500).contains(missing.status))
        #expect(missing.errorCode == "sync_protocol_missing")

        let outdated = try api.push([api.doseInsert(counter: 1)], protocolVersion: 0)
        #expect((400..<500).contains(outdated.status))
        #expect(outdated.errorCode == "sync_protocol_outdated")
        let message = (outdated.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("update"))

        #expect(try api.server.doses(of: "acct-alice").isEmpty)
        #expect(api.pullAll().isEmpty)
        // A pull says the same.
        #expect(api.pull(protocolVersion: nil).errorCode == "sync_protocol_missing")
        #expect(api.pull(protocolVersion: "0").errorCode == "sync_protocol_outdated")
    }

    @Test func aBatchOfMoreThan1000ChangesIs413() throws {
        let api = try API()
        let changes = (0..<1001).map { api.doseInsert(counter: UInt16($0)) }
        let answer = try api.push(changes)
        #expect(answer.status == 413)
        #expect(answer.errorCode != nil)
        #expect(try api.server.doses(of: "acct-alice").isEmpty)
        // 1,000 is the limit, not over it.
        let limit = try api.push(Array(changes.prefix(1000)))
        #expect(limit.status == 200)
        #expect(limit.results.count == 1000)
    }

    @Test func aBatchOverOneMebibyteIs413ButOneLargeChangeAloneIsRead() throws {
        let api = try API()
        let text = String(repeating: "x", count: 400_000)
        let changes = (0..<3).map { api.doseInsert(note: text, counter: UInt16($0)) }
        let body = try JSONSerialization.data(withJSONObject: ["protocol": 1, "device_id": "laptop", "changes": changes] as [String: Any])
        #expect(body.count > 1 << 20)
        let answer = try api.push(changes)
        #expect(answer.status == 413)
        #expect(answer.errorCode != nil)
        #expect(try api.server.doses(of: "acct-alice").isEmpty)

        // One change of more than 1 MiB is read (and judged on its own: a note that long is refused).
        let alone = api.doseInsert(note: String(repeating: "y", count: (1 << 20) + 10), counter: 9)
        let single = try api.push([alone])
        #expect(single.status == 200)
        #expect(Self.status(single, of: alone)?["status"] as? String == "rejected")
        #expect(Self.status(single, of: alone)?["reason"] as? String == "invalid_note")
    }

    @Test func malformedJSONIs400WithAJSONErrorBody() throws {
        let api = try API()
        for body in ["{\"protocol\": 1, \"device_id\": \"laptop\", \"changes\": [", "not json", "[1, 2]", ""] {
            let answer = api.send("POST", "/v1/sync/push", body: Data(body.utf8))
            #expect(answer.status == 400, "body \(body)")
            let error = try #require(answer.json["error"] as? [String: Any], "body \(body): \(String(decoding: answer.body, as: UTF8.self))")
            #expect((error["code"] as? String)?.isEmpty == false)
            #expect((error["message"] as? String)?.isEmpty == false)
        }
        // A change with a clock that is not a clock, or without its fields: 400, nothing applied.
        var badClock = api.doseInsert()
        badClock["clock"] = "yesterday"
        #expect(try api.push([api.doseInsert(counter: 1), badClock]).status == 400)
        var noFields = api.doseInsert(counter: 2)
        noFields.removeValue(forKey: "fields")
        #expect(try api.push([noFields]).status == 400)
        #expect(try api.server.doses(of: "acct-alice").isEmpty)
    }

    @Test func withoutATokenNothingIsReadOrWritten() throws {
        let api = try API()
        let body = try JSONSerialization.data(withJSONObject: ["protocol": 1, "device_id": "laptop", "changes": [api.doseInsert()]])
        #expect(api.send("POST", "/v1/sync/push", body: body, token: nil).status == 401)
        #expect(api.send("POST", "/v1/sync/push", body: body, token: "token-mallory").status == 401)
        #expect(api.send("GET", "/v1/sync/pull", token: nil, query: ["protocol": "1"]).status == 401)
        #expect(try api.server.doses(of: "acct-alice").isEmpty)
    }

    // MARK: - Pull

    @Test func aBadCursorOrLimitIs400() throws {
        let api = try API()
        _ = try api.push([api.doseInsert()])
        for cursor in ["abc", "-1", "1.5", "99999999999999999999999"] {
            let answer = api.pull(cursor: cursor)
            #expect(answer.status == 400, "cursor \(cursor)")
            #expect(answer.errorCode == "invalid_cursor", "cursor \(cursor)")
        }
        for limit in [0, -3, 1001] {
            let answer = api.pull(limit: limit)
            #expect(answer.status == 400, "limit \(limit)")
            #expect(answer.errorCode == "invalid_limit", "limit \(limit)")
        }
        let word = api.send("GET", "/v1/sync/pull", query: ["protocol": "1", "limit": "many"])
        #expect(word.status == 400)
    }

    @Test func pagingByTwoOverFiveChangesSkipsAndRepeatsNothing() throws {
        let api = try API()
        let changes = (0..<5).map { api.doseInsert(counter: UInt16($0)) }
        let pushed = try api.push(changes)
        #expect(pushed.results.allSatisfy { $0["status"] as? String == "applied" })

        var seen: [String] = []
        var cursor: String?
        var cursors: [String] = []
        var flags: [Bool] = []
        for _ in 0..<5 {
            let page = api.pull(cursor: cursor, limit: 2)
            #expect(page.status == 200)
            #expect(page.changes.count <= 2)
            seen += page.changes.compactMap { $0["id"] as? String }
            let next = try #require(page.json["cursor"] as? String)
            let hasMore = try #require(page.json["has_more"] as? Bool)
            cursors.append(next)
            flags.append(hasMore)
            cursor = next
            if !hasMore { break }
        }
        #expect(flags == [true, true, false])
        #expect(Set(cursors).count == cursors.count, "each page moves the cursor: \(cursors)")
        #expect(seen == changes.map { $0["id"] as! String }, "in the order pushed, each once")

        // From the last cursor: nothing more, and the cursor stays.
        let end = api.pull(cursor: cursor, limit: 2)
        #expect(end.changes.isEmpty)
        #expect(end.json["has_more"] as? Bool == false)
        #expect(end.json["cursor"] as? String == cursor)

        // A change pushed later is found from that cursor.
        let late = api.doseInsert(counter: 9)
        _ = try api.push([late])
        let next = api.pull(cursor: cursor, limit: 2)
        #expect(next.changes.compactMap { $0["id"] as? String } == [late["id"] as! String])
    }

    @Test func eachAccountPullsOnlyItsOwnChanges() throws {
        let api = try API()
        let alices = (0..<3).map { api.doseInsert(counter: UInt16($0)) }
        let bobs = (0..<2).map { api.doseInsert(counter: UInt16($0), device: "bobs-phone") }
        _ = try api.push(alices)
        _ = try api.push(bobs, device: "bobs-phone", token: "token-bob")
        #expect(Set(api.pullAll().compactMap { $0["id"] as? String }) == Set(alices.map { $0["id"] as! String }))
        #expect(Set(api.pullAll(token: "token-bob").compactMap { $0["id"] as? String }) == Set(bobs.map { $0["id"] as! String }))
        // Alice's cursor means nothing to Bob's log: paging from it never shows her changes.
        let alicePage = api.pull(limit: 3)
        let fromHers = api.pull(cursor: alicePage.json["cursor"] as? String, token: "token-bob")
        #expect(fromHers.changes.allSatisfy { change in !alices.contains { $0["id"] as? String == change["id"] as? String } })
    }
}
