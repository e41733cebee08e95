import Foundation
import Testing

/// `tend glucose pull` with the built binaries against a real Nightscout API: tend-server's own.
/// One device signs up and makes the API secret; an uploader posts a day of readings and two
/// injections to `/api/v1`; a second device (its own database, no login) pulls them with the
/// secret from the environment, and pulling again adds nothing.
@Suite("tend glucose pull from tend-server's Nightscout API, end to end", .serialized)
struct NightscoutPullEndToEndTests {
    static let password = "correct horse battery"
    /// The devices' clock; the server's starts there and runs forward.
    static let now = ISO8601DateFormatter().date(from: ServerProcess.defaultNow)!

    static func milliseconds(minutesAgo minutes: Int) -> Int64 {
        Int64((now.timeIntervalSince1970 - Double(minutes * 60)) * 1000)
    }

    static func iso(minutesAgo minutes: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: now.addingTimeInterval(Double(-minutes * 60)))
    }

    @Test("readings and insulin arrive on a second device from tend-server's /api/v1; a second pull adds nothing")
    func pullFromTendServer() async throws {
        let server = try ServerProcess()
        let owner = try TendProcess(now: ServerProcess.defaultNow)
        let device = try TendProcess(now: ServerProcess.defaultNow)
        defer { server.remove(); owner.remove(); device.remove() }
        let site = "http://127.0.0.1:\(server.port)"
        let ownerEnvironment = ["XDG_CONFIG_HOME": owner.folder.path + "/config", "TEND_PASSWORD": Self.password]
        let signup = try owner.run(["account", "signup", "--server", site, "--email", "minji@example.com", "--name", "Minji",
                                    "--time-zone", "Asia/Seoul"], environment: ownerEnvironment)
        #expect(signup.status == 0, "\(signup.stderr)")
        let issued = try owner.run(["--json", "nightscout", "secret"], environment: ownerEnvironment)
        #expect(issued.status == 0, "\(issued.stderr)")
        let secret = try #require(try issued.json()["value"] as? String)
        let sha1 = try #require(try issued.json()["api_secret_sha1"] as? String)

        // An uploader's day: a reading every 5 minutes for 25 hours, a long and a rapid injection, carbs.
        let entries = (0..<300).map { index -> [String: Any] in
            ["type": "sgv", "sgv": 90 + index % 80, "date": Self.milliseconds(minutesAgo: 5 + index * 5), "device": "xDrip-LibreReceiver"]
        }
        let uploaded = try await server.send("POST", "/api/v1/entries", json: entries, headers: ["api-secret": sha1])
        #expect(uploaded.status == 200)
        let treatments: [[String: Any]] = [
            ["eventType": "Note", "created_at": Self.iso(minutesAgo: 600), "insulinInjections": #"[{"insulin":"Toujeo","units":18.0}]"#],
            ["eventType": "Meal Bolus", "created_at": Self.iso(minutesAgo: 120), "insulin": 4.5, "carbs": 50],
            ["eventType": "Carb Correction", "created_at": Self.iso(minutesAgo: 60), "carbs": 15],
        ]
        #expect(try await server.send("POST", "/api/v1/treatments", json: treatments, headers: ["api-secret": sha1]).status == 200)

        let pullEnvironment = ["NIGHTSCOUT_API_SECRET": secret]
        let first = try device.run(["--json", "glucose", "pull", "--nightscout", site + "/"], environment: pullEnvironment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains(secret) && !first.stderr.contains(secret))
        let summary = try first.json()
        #expect(summary["site"] as? String == site)
        #expect(summary["readings"] as? [String: Int] == ["added": 300, "skipped": 0, "ignored": 0])
        #expect(summary["treatments"] as? [String: Int] == ["added": 2, "skipped": 0, "ignored": 1])
        #expect(summary["doses_added"] as? Int == 2)
        #expect((summary["cursor"] as? [String: Any])?["readings_through"] as? String == "2026-11-30T20:55:00+09:00")

        let doses = try device.run("--json", "insulin", "list")
        #expect(doses.status == 0, "\(doses.stderr)")
        let listed = try #require((try JSONSerialization.jsonObject(with: Data(doses.stdout.utf8)) as? [String: Any])?["doses"]
            as? [[String: Any]], "\(doses.stdout)")
        #expect(listed.map { $0["kind"] as? String } == ["long", "rapid"])
        #expect(listed.map { $0["units"] as? Double } == [18, 4.5])
        let today = try device.run("--json", "glucose")
        #expect(today.status == 0, "\(today.stderr)")
        // 00:00–20:55 in Seoul: 252 readings of today's 300.
        #expect(try today.json()["readings"] as? Int == 252, "\(today.stdout)")

        let again = try device.run(["--json", "glucose", "pull", "--nightscout", site], environment: pullEnvironment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try again.json()["readings"] as? [String: Int] == ["added": 0, "skipped": 288, "ignored": 0])
        #expect(try again.json()["treatments"] as? [String: Int] == ["added": 0, "skipped": 2, "ignored": 1])
        #expect(try again.json()["doses_added"] as? Int == 0)

        let refused = try device.run(["glucose", "pull", "--nightscout", site], environment: ["NIGHTSCOUT_API_SECRET": "wrong-secret-123456"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("HTTP 401") && refused.stderr.contains("NIGHTSCOUT_API_SECRET"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong-secret-123456"))
    }
}
