import Foundation
import Synchronization
import Testing
import Client
import Core
import Domain
import HTTP
@testable import CoupleFeature

/// `tend couple …` against the test client: each test says which calls it expects and with what
/// answer; any other call fails the test, naming its method and path.
@Suite("tend couple against the test client")
struct CoupleCommandTests {
    static let first = "01937000-0000-7000-8000-00000000a001"
    static let second = "01937000-0000-7000-8000-00000000a002"

    static func care(_ id: String, _ text: String) -> CareJSON {
        CareJSON(id: id, handle: Handle.of(id), text: text, whose: "me", forAccountID: "me-id", authorID: "me-id", due: nil, done: false,
                 doneBy: nil, doneAt: nil)
    }

    static func photo(_ id: String, by account: String) -> PhotoJSON {
        PhotoJSON(id: id, accountID: account, date: "2026-11-30", mediaType: "image/png", bytes: 3, caption: "sea",
                  url: "/v1/couple/photos/\(id)", updatedAt: "2026-11-30T19:00:00+09:00")
    }

    @Test("join sends the code as typed and names the partner")
    func join() {
        let server = expectingTransport()
        server.expect(CoupleAPI.join, checkBody: { #expect($0.code == "abcd-efgh") }, answer: CoupleJSON(
            id: "c1", since: "2026-11-30T19:00:00+09:00",
            members: [.init(accountID: "me-id", displayName: "Me", timeZone: "Asia/Seoul", city: nil),
                      .init(accountID: "p-id", displayName: "Théo", timeZone: "Europe/Paris", city: "Paris")]))
        let result = CoupleCommandRunner(transport: server, login: myLogin).run("couple", "join", "abcd-efgh")
        #expect(result.status == 0 && result.stdout == "You and Théo now share a space. See it with: tend couple home\n", "\(result)")
        server.verify()
    }

    @Test("cal delete sends the id as one segment; --json prints what was deleted")
    func deleteEvent() {
        let server = expectingTransport()
        server.expect(CoupleAPI.deleteEvent, ItemID("..a1 b2"), answer: NoAnswer())
        let result = CoupleCommandRunner(transport: server, login: myLogin).run("--json", "couple", "cal", "delete", "..a1 b2")
        #expect(result.status == 0 && result.stdout == #"{"deleted":"..a1 b2"}"# + "\n", "\(result)")
        #expect(server.sent.map(\.request.path) == ["/v1/couple/events/%2E%2Ea1%20b2"])
        server.verify()
    }

    @Test("cal list asks for the month given")
    func listMonth() {
        let server = expectingTransport()
        server.expect(CoupleAPI.events, MonthQuery(YearMonth("2026-12")), answer: EventList(events: []))
        let result = CoupleCommandRunner(transport: server, login: myLogin).run("couple", "cal", "list", "--month", "2026-12")
        #expect(result.status == 0 && result.stdout == "No events this month.\n", "\(result)")
        server.verify()
    }

    @Test("care delete last reads the list, then deletes the newest item and names it")
    func deleteLastCare() {
        let server = expectingTransport()
        server.expect(CoupleAPI.careList, answer: CareList(care: [Self.care(Self.second, "call grandma"), Self.care(Self.first, "drink water")]))
        server.expect(CoupleAPI.deleteCare, ItemID(Self.second), answer: NoAnswer())
        let result = CoupleCommandRunner(transport: server, login: myLogin).run("couple", "care", "delete", "last")
        #expect(result.status == 0 && result.stdout == "Removed: call grandma\n", "\(result)")
        server.verify()
    }

    @Test("photo get --partner lists the day's photos, then downloads the partner's bytes")
    func downloadPartnersPhoto() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tend-photo-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let server = expectingTransport()
        server.expect(CoupleAPI.photos, DateQuery(LocalDate("2026-11-29")),
                      answer: PhotoList(photos: [Self.photo(Self.first, by: "me-id"), Self.photo(Self.second, by: "p-id")]))
        server.expect(CoupleAPI.photo, ItemID(Self.second), answer: MediaBytes(Data([1, 2, 3]), mediaType: "image/png"))
        let result = CoupleCommandRunner(transport: server, login: myLogin)
            .run("couple", "photo", "get", "--partner", "--date", "2026-11-29", "--out", out)
        #expect(result.status == 0 && result.stdout == "Wrote \(out) (image/png, 3 bytes): sea.\n", "\(result)")
        #expect(FileManager.default.contents(atPath: out) == Data([1, 2, 3]))
        server.verify()
    }

    @Test("a call the test did not expect fails loudly, naming its method and path")
    func unexpectedCallsFail() {
        let reported = Mutex<[String]>([])
        let server = ExpectingTransport { message in reported.withLock { $0.append(message) } }
        let result = CoupleCommandRunner(transport: server, login: myLogin).run("couple", "show")
        #expect(result.status == 1 && result.stderr.contains("unexpected call: GET /v1/couple"), "\(result)")
        #expect(reported.withLock { $0 } == ["unexpected call: GET /v1/couple (no call expected)"])
    }

    @Test("the home received is kept and shown, with its age, when the server cannot be reached")
    func offlineHome() throws {
        let routes = try CoupleServer()
        let (a, _) = routes.pair()
        let cache = MemoryClientCache()
        let online = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(a), cache: cache)
            .run("couple", "home")
        #expect(online.status == 0 && online.stdout.contains("Minji (you)"), "\(online)")

        let server = expectingTransport()
        server.expectUnreachable(CoupleAPI.home, DateQuery(nil))
        let later = FixedClock(ISO8601.parseInstant("2026-11-30T12:00:00Z")!)
        let offline = CoupleCommandRunner(transport: server, login: routes.login(a), cache: cache, clock: later).run("couple", "home")
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stdout.hasPrefix("(offline: the server could not be reached — this is the home of 2 h ago)\n"), "\(offline)")
        #expect(offline.stdout.contains("Minji (you)"))
        server.verify()
    }

    @Test("create and join through the commands, against the routes in process")
    func pairThroughTheCommands() throws {
        let routes = try CoupleServer()
        let a = routes.token("minji@example.com", name: "Minji", zone: "Asia/Seoul")
        let b = routes.token("theo@example.com", name: "Théo", zone: "Europe/Paris")
        let minji = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(a))
        let theo = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(b))

        let created = minji.run("--json", "couple", "create")
        let invite = try JSONDecoder().decode(InviteJSON.self, from: Data(created.stdout.utf8))
        let joined = theo.run("couple", "join", invite.code)
        #expect(joined.stdout == "You and Minji now share a space. See it with: tend couple home\n", "\(joined)")
        #expect(minji.run("couple", "care", "add", "drink water", "--for", "partner").status == 0)
        let done = theo.run("couple", "care", "done", "last")
        #expect(done.stdout == "Done: drink water ✓\n", "\(done)")
        let removed = minji.run("--json", "couple", "care", "delete", "last")
        #expect(removed.status == 0 && removed.stdout.hasPrefix(#"{"deleted":"#), "\(removed)")
    }
}
