import Foundation
import Testing

/// Two people on two terminals (two databases and config folders) share a space on the built
/// `tend-server` through the built `tend`; a third sees nothing.
@Suite("tend couple against tend-server, end to end", .serialized)
struct CoupleEndToEndTests {
    struct Person {
        let tend: TendProcess
        let config: String

        init(zone: String) throws {
            tend = try TendProcess(timeZone: zone)
            config = tend.folder.appendingPathComponent("config").path
        }

        func run(_ arguments: String...) throws -> TendProcess.Result {
            try tend.run(arguments, environment: ["XDG_CONFIG_HOME": config, "TEND_PASSWORD": "correct horse battery"])
        }

        func json(_ arguments: String...) throws -> [String: Any] {
            let result = try tend.run(["--json"] + arguments, environment: ["XDG_CONFIG_HOME": config])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return (try? result.json()) ?? [:]
        }
    }

    /// A tiny JPEG whose Exif segment holds a location.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x10] + Array("Exif".utf8) + [0, 0] + Array("GPS12345".utf8)
        + [0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])

    @Test func pairFillTheBridgeAndSeeEachOthersDay() throws {
        let server = try ServerProcess()
        // Same offset, so that "today" is one date for both whenever the test runs.
        let minji = try Person(zone: "Asia/Seoul")
        let haru = try Person(zone: "Asia/Tokyo")
        let outsider = try Person(zone: "UTC")
        defer { server.remove(); minji.tend.remove(); haru.tend.remove(); outsider.tend.remove() }
        let url = "http://127.0.0.1:\(server.port)"
        #expect(try minji.run("account", "signup", "--server", url, "--email", "minji@example.com", "--name", "Minji", "--time-zone", "Asia/Seoul").status == 0)
        #expect(try haru.run("account", "signup", "--server", url, "--email", "haru@example.com", "--name", "Haru", "--time-zone", "Asia/Tokyo").status == 0)
        #expect(try outsider.run("account", "signup", "--server", url, "--email", "x@example.com").status == 0)

        let code = try #require(try minji.json("couple", "create")["code"] as? String)
        let own = try minji.run("couple", "join", code)
        #expect(own.status == 3 && own.stderr.contains("your own invite"), "\(own.stderr)")
        let joined = try haru.run("couple", "join", code)
        #expect(joined.status == 0 && joined.stdout.contains("You and Minji now share a space"), "\(joined.stderr)")
        let again = try outsider.run("couple", "join", code)
        #expect(again.status == 1 && again.stderr.contains("expired or was already used"), "\(again.stderr)")

        #expect(try minji.run("couple", "mood", "tired", "--status", "at work").status == 0)
        #expect(try haru.run("couple", "mood", "happy").status == 0)
        let photo = minji.tend.folder.appendingPathComponent("snow.jpg").path
        try Self.jpeg.write(to: URL(fileURLWithPath: photo))
        #expect(try minji.run("couple", "photo", photo, "--caption", "first snow").status == 0)
        #expect(try haru.run("couple", "photo", photo).status == 0)
        let item = try minji.json("couple", "care", "add", "take vitamins", "--for", "partner")
        #expect(item["for"] as? String == "partner")
        #expect(try haru.run("couple", "care", "done", item["id"] as? String ?? "").status == 0)
        // Each completes one: the care part counts per member who completed an item.
        let forMinji = try haru.json("couple", "care", "add", "sleep early", "--for", "partner")
        #expect(try minji.run("couple", "care", "done", forMinji["id"] as? String ?? "").status == 0)
        #expect(try minji.run("couple", "cal", "list").status == 0)
        #expect(try haru.run("couple", "cal", "add", "Our anniversary", "--at", "2024-12-24", "--repeat", "yearly").status == 0)
        #expect(try haru.run("couple", "cal", "list").status == 0)
        #expect(try minji.run("couple", "meet", "2031-05-01", "--place", "Fukuoka").status == 0)

        let bridge = try haru.json("couple", "bridge")
        #expect(bridge["score"] as? Int == 100, "\(bridge)")
        #expect(bridge["stage"] as? String == "complete")
        let home = try minji.run("couple", "home")
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout.contains("100/100 · Today's bridge is complete"), "\(home.stdout)")
        #expect(home.stdout.contains("Haru") && home.stdout.contains("happy") && home.stdout.contains("✓ first snow"), "\(home.stdout)")
        #expect(home.stdout.contains("2031-05-01 · Fukuoka"), "\(home.stdout)")
        let korean = try minji.run("--lang", "ko", "couple", "bridge")
        #expect(korean.stdout.contains("오늘의 다리 완성"), "\(korean.stdout)")

        // The partner's photo, without its location.
        let out = haru.tend.folder.appendingPathComponent("got.jpg").path
        #expect(try haru.run("couple", "photo", "get", "--partner", "--out", out).status == 0)
        let got = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(got.starts(with: [0xFF, 0xD8]) && got.range(of: Data("GPS".utf8)) == nil)

        // A third account sees nothing.
        let nothing = try outsider.run("couple", "home")
        #expect(nothing.status == 1 && nothing.stderr.contains("not in a couple"), "\(nothing.stderr)")
        let today = try minji.json("today")
        #expect((today["couple"] as? [String: Any])?["partner"] as? String == "Haru")

        // Disconnecting needs a confirmation; without a terminal, --yes.
        #expect(try haru.run("couple", "disconnect").status == 2)
        _ = server.stop()
        // The server is gone: the home is the last one, marked offline.
        let offline = try minji.run("couple", "home")
        #expect(offline.status == 0 && offline.stdout.contains("offline"), "\(offline.stdout)\(offline.stderr)")
        #expect(offline.stdout.contains("100/100"))
    }
}
