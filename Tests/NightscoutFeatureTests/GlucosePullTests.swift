import Foundation
import Testing
import Core
import Client
import Crypto
import Data
import Domain
@testable import NightscoutFeature

@Suite("tend glucose pull --nightscout")
struct GlucosePullTests {
    static let site = "https://ns.example.org"

    @Test("pages from the newest back to the start: every reading arrives once, however many pages")
    func pagesThroughHistory() throws {
        let harness = try PullHarness(pageSize: 100)
        harness.site.add(entries: (0..<250).map { FakeNightscoutSite.sgv(minutesAgo: $0 * 5, Double(80 + $0 % 100)) })
        let result = harness.run("--json", "glucose", "pull", "--nightscout", Self.site + "/api/v1/")
        #expect(result.status == 0, "\(result.stderr)")
        let readings = result.json["readings"] as? [String: Int]
        #expect(readings == ["added": 250, "skipped": 0, "ignored": 0])
        #expect(try harness.glucose.count("glucose_readings") == 250)
        // 100, then 100 from the oldest of those (inclusive), then the last 52: three pages, one for treatments.
        let entryRequests = harness.site.requests.filter { $0.path == "/api/v1/entries.json" }
        #expect(entryRequests.count == 3)
        #expect(entryRequests.map { $0.query.first { $0.name.hasPrefix("find[date][$lt") }?.name } == [nil, "find[date][$lte]", "find[date][$lte]"])
        #expect(harness.site.state.withLock { $0.bases }.allSatisfy { $0 == Self.site }, "the /api/v1 the URL ended with is not doubled")
        #expect((result.json["cursor"] as? [String: Any])?["readings_through"] as? String == "2026-11-30T12:00:00Z")
        #expect(result.json["previous"] is NSNull)
    }

    @Test("the next pull starts where the last ended (less the look-back), and adds only what is new")
    func resumesFromTheCursor() throws {
        let harness = try PullHarness()
        harness.site.add(entries: (12..<600).map { FakeNightscoutSite.sgv(minutesAgo: $0 * 5) })
        #expect(harness.run("glucose", "pull", "--nightscout", Self.site).status == 0)
        let cursor = try #require(try harness.pull.cursor(site: Self.site, ownerID: "local"))
        #expect(cursor.entriesThrough == FakeNightscoutSite.now.addingTimeInterval(-3600))

        harness.site.add(entries: (0..<12).map { FakeNightscoutSite.sgv(minutesAgo: $0 * 5) })
        let before = harness.site.requests.count
        let again = harness.run("--json", "glucose", "pull", "--nightscout", Self.site)
        #expect(again.status == 0, "\(again.stderr)")
        let first = harness.site.requests[before]
        let start = cursor.entriesThrough!.addingTimeInterval(-NightscoutPull.lookback)
        #expect(first.query.first { $0.name == "find[date][$gt]" }?.value == String(Int64(start.timeIntervalSince1970 * 1000)))
        let readings = again.json["readings"] as? [String: Int]
        // The 12 new ones; the day before the cursor is read again and found here (288 readings, the cursor's own included).
        #expect(readings == ["added": 12, "skipped": 288, "ignored": 0])
        #expect(try harness.glucose.count("glucose_readings") == 600)
        #expect((again.json["previous"] as? [String: Any])?["readings_through"] as? String == "2026-11-30T11:00:00Z")
    }

    @Test("insulin treatments become doses with the brand table, the rest is left; pulling again adds nothing")
    func treatmentsAndDuplicates() throws {
        let harness = try PullHarness()
        harness.site.add(
            entries: [FakeNightscoutSite.sgv(minutesAgo: 10), FakeNightscoutSite.sgv(minutesAgo: 5, 5), // 5 mg/dL: a sensor code
                      .object(["type": "mbg", "mbg": 104, "date": .number(NightscoutDocuments.milliseconds(FakeNightscoutSite.now))]),
                      .object(["type": "cal", "slope": 900, "date": .number(NightscoutDocuments.milliseconds(FakeNightscoutSite.now))])],
            treatments: [
                FakeNightscoutSite.treatment(minutesAgo: 600, ["eventType": "Note", "insulinInjections": #"[{"insulin":"Toujeo","units":20.0}]"#]),
                FakeNightscoutSite.treatment(minutesAgo: 540, ["eventType": "Basal Injection", "insulin": 20]), // an hour later: not refused
                FakeNightscoutSite.treatment(minutesAgo: 120, ["eventType": "Meal Bolus", "insulin": .number(4.35), "carbs": 45]),
                FakeNightscoutSite.treatment(minutesAgo: 60, ["eventType": "Carb Correction", "carbs": 15]),
                FakeNightscoutSite.treatment(minutesAgo: 30, ["eventType": "Temp Basal", "absolute": .number(0.8), "duration": 30]),
            ])
        let first = harness.run("--json", "glucose", "pull", "--nightscout", Self.site)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json["readings"] as? [String: Int] == ["added": 2, "skipped": 0, "ignored": 2])
        #expect(first.json["treatments"] as? [String: Int] == ["added": 3, "skipped": 0, "ignored": 2])
        #expect(first.json["doses_added"] as? Int == 3)
        let doses = try harness.glucose.insulin.listDoses(ownerID: "local", in: nil)
        #expect(doses.map(\.kind) == [.long, .long, .rapid])
        #expect(doses.map(\.units) == [20, 20, 4.35])
        #expect(doses.first?.note == "Toujeo")
        let warnings = try harness.glucose.database.queryOne("SELECT count(*) AS n FROM sync_conflicts WHERE kind = 'possible_double_dose'")
        #expect(try warnings?.get("n", as: Int64.self) == 1)

        let again = harness.run("--json", "glucose", "pull", "--nightscout", Self.site)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json["readings"] as? [String: Int] == ["added": 0, "skipped": 2, "ignored": 2])
        #expect(again.json["treatments"] as? [String: Int] == ["added": 0, "skipped": 3, "ignored": 2])
        #expect(again.json["doses_added"] as? Int == 0)
        #expect(try harness.glucose.insulin.listDoses(ownerID: "local", in: nil).count == 3)
        #expect(try harness.glucose.count("glucose_readings") == 2)
    }

    @Test("a refused credential is named by its kind and source, never by its value")
    func unauthorized() throws {
        let harness = try PullHarness()
        let wrong = "not-the-secret-at-all"
        let secret = harness.run("glucose", "pull", "--nightscout", Self.site, environment: ["NIGHTSCOUT_API_SECRET": wrong])
        #expect(secret.status != 0)
        #expect(secret.stderr.contains("HTTP 401") && secret.stderr.contains("API secret (NIGHTSCOUT_API_SECRET)"), "\(secret.stderr)")
        #expect(!secret.stderr.contains(wrong) && !secret.stderr.contains(NightscoutSecretForms.sha1Hex(Data(wrong.utf8))))
        #expect(harness.site.requests.last?.headers.first { $0.name == "api-secret" }?.value
            == NightscoutSecretForms.sha1Hex(Data(wrong.utf8)), "the secret travels as its SHA-1 only")

        let token = harness.run("glucose", "pull", "--nightscout", Self.site, environment: ["NIGHTSCOUT_TOKEN": "reader-0000000000000000"])
        #expect(token.stderr.contains("access token (NIGHTSCOUT_TOKEN)") && !token.stderr.contains("0000000000000000"), "\(token.stderr)")
        let none = harness.run("glucose", "pull", "--nightscout", Self.site, environment: [:])
        #expect(none.stderr.contains("no API secret or token was given"), "\(none.stderr)")
        #expect(try harness.pull.cursor(site: Self.site, ownerID: "local") == nil, "a refused pull moves no cursor")

        // The right token, as ?token=; typed at a prompt, a token is told from a secret by its form.
        harness.site.add(entries: [FakeNightscoutSite.sgv(minutesAgo: 0)])
        #expect(harness.run("glucose", "pull", "--nightscout", Self.site, environment: ["NIGHTSCOUT_TOKEN": FakeNightscoutSite.token]).status == 0)
        #expect(harness.site.requests.last?.query.last?.name == "token")
        let typed = harness.run("glucose", "pull", "--nightscout", Self.site, environment: [:], typed: FakeNightscoutSite.secret)
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(!typed.stdout.contains(FakeNightscoutSite.secret))
    }

    @Test("not Nightscout, not reachable, not an http(s) URL: clear errors, nothing stored")
    func clearErrors() throws {
        let harness = try PullHarness()
        for url in ["ftp://ns.example.org", "ns.example.org", "https://", "https://host:99999", "https://ho st"] {
            let result = harness.run("glucose", "pull", "--nightscout", url)
            #expect(result.status == 2 && result.stderr.contains("http(s) address"), "\(url): \(result.stderr)")
        }
        let userinfo = harness.run("glucose", "pull", "--nightscout", "https://SECRET@ns.example.org")
        #expect(userinfo.status == 2 && userinfo.stderr.contains("NIGHTSCOUT_API_SECRET"), "\(userinfo.stderr)")
        #expect(harness.site.requests.isEmpty)

        harness.site.state.withLock { $0.override = { _ in
            ServerResponse(status: 200, headers: ["content-type": "text/html"], body: Data("<html>parked domain</html>".utf8))
        } }
        let html = harness.run("glucose", "pull", "--nightscout", Self.site)
        #expect(html.status != 0 && html.stderr.contains("not Nightscout's JSON (HTTP 200, text/html"), "\(html.stderr)")
        harness.site.state.withLock { $0.override = { _ in
            throw AppError.unavailable("cannot reach the server at \(Self.site): Could not resolve host", code: "server_unreachable")
        } }
        let dead = harness.run("glucose", "pull", "--nightscout", Self.site)
        #expect(dead.status != 0 && dead.stderr.contains("cannot reach the Nightscout site at \(Self.site)"), "\(dead.stderr)")
        harness.site.state.withLock { $0.override = { _ in FakeNightscoutSite.json(404, "{}") } }
        #expect(harness.run("glucose", "pull", "--nightscout", Self.site).stderr.contains("has no Nightscout API (HTTP 404"))
        #expect(try harness.glucose.count("glucose_readings") == 0)
    }

    @Test("a server that ignores the page bounds cannot make the pull loop")
    func ignoredBoundsEnd() throws {
        let harness = try PullHarness(pageSize: 10)
        harness.site.add(entries: (0..<30).map { FakeNightscoutSite.sgv(minutesAgo: $0 * 5) })
        harness.site.state.withLock { $0.ignoresBounds = true }
        let result = harness.run("--json", "glucose", "pull", "--nightscout", Self.site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(harness.site.requests.filter { $0.path == "/api/v1/entries.json" }.count == 3)
    }

    @Test("site addresses: one cursor per site however it is written")
    func siteAddresses() throws {
        #expect(try NightscoutSiteURL("HTTPS://NS.Example.org:443/api/v1/").base == "https://ns.example.org")
        #expect(try NightscoutSiteURL("http://127.0.0.1:1337/").base == "http://127.0.0.1:1337")
        #expect(try NightscoutSiteURL("https://example.org/ns/").base == "https://example.org/ns")
        #expect(try NightscoutSiteURL("http://[::1]:8080").base == "http://[::1]:8080")
        #expect(throws: (any Error).self) { try NightscoutSiteURL("https://example.org/?token=x") }
        #expect(NightscoutPullContext.isToken("mom-1f0c9a7b2d4e6f80") && !NightscoutPullContext.isToken("fvqp233kmsiszs4u5iy8qa57"))
    }
}
