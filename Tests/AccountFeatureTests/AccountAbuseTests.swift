import Foundation
import Testing
import Core
import Crypto
import Data

/// What a hostile client learns from the account routes, and how fast it can make accounts.
@Suite("Accounts as an oracle and a lever")
struct AccountAbuseTests {
    /// argon2id at 4 MiB and two passes: a verification takes milliseconds, far above the rest of
    /// a login, where `.minimum` (8 KiB, one pass) is too quick to tell from none.
    static let measurable = SodiumPasswordHasher.Strength.custom(operations: 2, memoryBytes: 4 << 20)

    static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test("a failed login takes as long for an unknown email as for a known one with a wrong password, locked out or not")
    func loginTimeDoesNotTell() throws {
        let api = try APIHarness(strength: Self.measurable)
        let rounds = 11
        for index in 0..<rounds { #expect(api.signUpOnly("known\(index)@example.com").status == 201) }
        // The first unknown email makes the dummy hash (once per process): not measured.
        #expect(api.send("POST", "/v1/sessions", json: ["email": "warm-up@example.com", "password": "wrong password"]).status == 401)

        // Interleaved, so that a burst of load elsewhere on the machine falls on both sides.
        var unknown: [Double] = []
        var known: [Double] = []
        for index in 0..<rounds {
            unknown.append(Self.milliseconds {
                let response = api.send("POST", "/v1/sessions", json: ["email": "nobody\(index)@example.com", "password": "wrong password"])
                #expect(response.status == 401)
                #expect(response.errorCode == "invalid_credentials")
            })
            known.append(Self.milliseconds {
                let response = api.send("POST", "/v1/sessions", json: ["email": "known\(index)@example.com", "password": "wrong password"])
                #expect(response.status == 401)
                #expect(response.errorCode == "invalid_credentials")
            })
        }
        let unknownMedian = Self.median(unknown)
        let knownMedian = Self.median(known)
        // Without the dummy verification the unknown side is 20–50 times quicker.
        #expect(unknownMedian > knownMedian / 2 && unknownMedian < knownMedian * 2,
                "median failed login: unknown email \(unknownMedian) ms, known email \(knownMedian) ms")

        // Locked out (5 failures): refused at once either way, without a verification.
        for email in ["known0@example.com", "nobody0@example.com"] {
            for _ in 1...4 { _ = api.send("POST", "/v1/sessions", json: ["email": email, "password": "wrong password"]) }
        }
        var lockedUnknown: [Double] = []
        var lockedKnown: [Double] = []
        for _ in 0..<rounds {
            lockedUnknown.append(Self.milliseconds {
                let response = api.send("POST", "/v1/sessions", json: ["email": "nobody0@example.com", "password": "x"])
                #expect(response.errorCode == "too_many_attempts")
            })
            lockedKnown.append(Self.milliseconds {
                let response = api.send("POST", "/v1/sessions", json: ["email": "known0@example.com", "password": "x"])
                #expect(response.errorCode == "too_many_attempts")
            })
        }
        let verification = min(unknownMedian, knownMedian)
        #expect(Self.median(lockedUnknown) < verification / 2, "locked out, unknown email: \(Self.median(lockedUnknown)) ms")
        #expect(Self.median(lockedKnown) < verification / 2, "locked out, known email: \(Self.median(lockedKnown)) ms")
    }

    @Test("sign-ups from one address: 5, then 429 too_many_signups with Retry-After and the JSON error; another address is not held")
    func signupsPerAddress() throws {
        let clock = MovableClock(ISO8601.parseInstant("2026-11-30T12:00:00Z")!)
        let api = try APIHarness(clock: clock)
        for index in 1...5 { #expect(api.signUpOnly("user\(index)@example.com", from: "203.0.113.7").status == 201) }
        let refused = api.signUpOnly("user6@example.com", from: "203.0.113.7")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "720")
        #expect(refused.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(refused.errorCode == "too_many_signups")
        #expect((refused.json["error"] as? [String: Any])?["message"] as? String
                == "too many sign-ups from this address; try again in 720 s")
        #expect(try api.accounts.account(email: "user6@example.com") == nil)
        #expect(api.signUpOnly("user6@example.com", from: "198.51.100.1").status == 201)
        // An email already taken counts too: it is an answer about someone's account.
        #expect(api.signUpOnly("user1@example.com", from: "203.0.113.7").status == 429)

        clock.advance(12 * 60)
        #expect(api.signUpOnly("user7@example.com", from: "203.0.113.7").status == 201)
        #expect(api.signUpOnly("user8@example.com", from: "203.0.113.7").header("Retry-After") == "720")
    }

    @Test("the limit holds across server processes on one database, and keeps no address in clear")
    func acrossProcesses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-throttle-" + UUIDv7.makeString())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tend.sqlite").path
        let first = try APIHarness(databasePath: path)
        for index in 1...3 { #expect(first.signUpOnly("a\(index)@example.com", from: "2001:db8:7:7::1").status == 201) }
        // A second process (its own connection) on the same file, the same client from another address in its /64.
        let second = try APIHarness(databasePath: path)
        for index in 4...5 { #expect(second.signUpOnly("a\(index)@example.com", from: "2001:db8:7:7::abcd").status == 201) }
        #expect(second.signUpOnly("a6@example.com", from: "2001:db8:7:7::1").status == 429)
        #expect(first.signUpOnly("a6@example.com", from: "2001:db8:7:7::2").status == 429)
        // A restart: a new process finds the same allowance.
        let restarted = try APIHarness(databasePath: path)
        #expect(restarted.signUpOnly("a6@example.com", from: "2001:db8:7:7::3").status == 429)

        let rows = try restarted.database.query("SELECT * FROM client_throttles")
        #expect(rows.count == 1)
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        let dump = try Data(contentsOf: URL(fileURLWithPath: path)) + wal
        for clear in ["2001:db8:7:7", "2001:db8:7:7::1", "2001:db8:7:7::abcd"] {
            #expect(dump.range(of: Data(clear.utf8)) == nil, "\(clear) is in the database file")
        }
    }

    @Test("without an address (in process, no socket) sign-ups are not limited")
    func noAddress() throws {
        let api = try APIHarness()
        for index in 1...8 { #expect(api.signUpOnly("user\(index)@example.com").status == 201) }
    }
}
