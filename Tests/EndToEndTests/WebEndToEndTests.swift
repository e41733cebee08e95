import Foundation
import Testing

/// The web app over real HTTP against the built tend-server: curl with a cookie jar, as a
/// browser without JavaScript: sign up, log a dose with one tap, be refused a second one and
/// log it anyway; and then Chromium itself (`Tests/WebBrowser/browser_test.py`).
@Suite("The web app, end to end", .serialized)
struct WebEndToEndTests {
    @Test func signUpLogADoseBeRefusedAndLogAnyway() throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let curl = Curl(server)
        let signup = try curl.get("/signup")
        #expect(signup.status == 200)
        let created = try curl.post("/signup", ["csrf": signup.csrf, "display_name": "Minji", "email": "minji@example.com",
                                                "password": "correct horse battery", "time_zone": "Asia/Seoul"])
        #expect(created.status == 303)
        #expect(created.header("location") == "/today")
        let cookie = try #require(created.headers.first { $0.lowercased().hasPrefix("set-cookie: tend_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

        let today = try curl.get("/today")
        #expect(today.status == 200)
        #expect(today.body.utf8.count < 60_000, "Today is \(today.body.utf8.count) bytes")
        #expect(today.header("content-security-policy")?.contains("frame-ancestors 'none'") == true)

        let home = try curl.get("/insulin")
        let logged = try curl.post("/insulin/doses", ["csrf": home.csrf, "kind": "long"])
        #expect(logged.status == 303)
        // The server's clock starts at 21:00 in Seoul (TEND_NOW) and runs on: under the whole
        // suite's load, minutes can pass before this post. The refusal names the time logged.
        let page = try curl.get(logged.header("location") ?? "/").body
        let taken = try #require(page.firstMatch(of: /✓ Long-acting 10 u · taken at (21:\d\d)/)?.1, "\(page.suffix(2000))")
        let refused = try curl.post("/insulin/doses", ["csrf": home.csrf, "kind": "long"])
        #expect(refused.status == 409)
        #expect(refused.body.contains("was already logged today at \(taken)"))
        let anyway = try curl.post("/insulin/doses", ["csrf": refused.csrf, "kind": "long", "force": "true"])
        #expect(anyway.status == 303)
        let list = try curl.get("/insulin/doses")
        #expect(list.body.components(separatedBy: "kind-long").count - 1 == 2)
        #expect(try curl.post("/insulin/doses", ["csrf": "forged", "kind": "long"]).status == 403)
    }

    /// A photo over the limit (10 MiB + 64 KiB) is refused before the server reads it, with the
    /// couple page saying why in the person's language, as it is announced (Content-Length) or streamed.
    @Test func anOversizedPhotoAnswersAPageNotJSON() throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let curl = Curl(server)
        let signup = try curl.get("/signup")
        _ = try curl.post("/signup", ["csrf": signup.csrf, "display_name": "Minji", "email": "minji@example.com",
                                      "password": "correct horse battery", "time_zone": "Asia/Seoul"])
        let file = server.folder.appendingPathComponent("too-big.jpg")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data(count: (10 << 20) + (64 << 10) + 1)))
        let korean = try curl.upload("/couple/photos", file: file.path, headers: ["Accept-Language: ko"])
        #expect(korean.status == 413)
        #expect(korean.header("content-type")?.hasPrefix("text/html") == true)
        #expect(korean.body.contains("사진이 10 MiB보다 커요."))
        let streamed = try curl.upload("/couple/photos", file: file.path, headers: ["Transfer-Encoding: chunked"])
        #expect(streamed.status == 413 && streamed.body.contains("the photo is larger than 10 MiB"))
        #expect(try curl.get("/today").status == 200, "the session did not survive the refusal")
    }

    @Test func chromiumDrivesThePages() throws {
        let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = python.path
        let venv = root + "/.build/web-venv/bin/python"
        let missing = ["/usr/bin/chromium", "/usr/bin/chromedriver", venv].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard missing.isEmpty else {
            // Scripts/setup installs all three; a machine set up otherwise skips this one test, saying why.
            print("skipped: the browser test needs \(missing.joined(separator: ", ")) (run Scripts/setup)")
            return
        }
        let server = try ServerProcess()
        defer { server.remove() }
        // The food tables the search finds (the USDA fixture and the Korean table), as `tend food import-usda` loads them.
        let tables = Process()
        tables.executableURL = URL(fileURLWithPath: TendProcess.binary)
        tables.arguments = ["--db", server.databasePath, "food", "import-usda", NutritionEndToEndTests.fixtureJar]
        tables.environment = ProcessInfo.processInfo.environment.merging(["TEND_USDA": server.folder.path + "/no-usda.jar"]) { $1 }
        tables.standardOutput = FileHandle.nullDevice
        tables.standardError = FileHandle.nullDevice
        try tables.run()
        tables.waitUntilExit()
        #expect(tables.terminationStatus == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: venv)
        process.arguments = [root + "/Tests/WebBrowser/browser_test.py", "--base", server.baseURL.absoluteString,
                             "--out", root + "/.build/web-screenshots"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr.suffix(2000))")
    }
}

/// curl with a cookie jar in the server's folder; redirects are not followed, so each 303 is seen.
struct Curl {
    let server: ServerProcess
    var jar: String { server.folder.appendingPathComponent("cookies.txt").path }

    init(_ server: ServerProcess) { self.server = server }

    struct Answer {
        let status: Int
        let headers: [String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        /// The CSRF field of the page's first form.
        var csrf: String {
            guard let range = body.range(of: #"name="csrf" value=""#) else { return "" }
            return String(body[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    func get(_ path: String) throws -> Answer { try run([server.baseURL.absoluteString + path]) }

    func post(_ path: String, _ fields: [String: String]) throws -> Answer {
        try run(fields.sorted { $0.key < $1.key }.flatMap { ["--data-urlencode", "\($0.key)=\($0.value)"] }
                + [server.baseURL.absoluteString + path])
    }

    /// Posts `file` as the photo field of a `multipart/form-data` form (no CSRF: refused before it counts).
    func upload(_ path: String, file: String, headers: [String] = []) throws -> Answer {
        // No `Expect: 100-continue`: its interim answer would stand before the one read here.
        try run((["Expect:"] + headers).flatMap { ["-H", $0] } + ["-F", "photo=@\(file)", server.baseURL.absoluteString + path])
    }

    private func run(_ arguments: [String]) throws -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-i", "-b", jar, "-c", jar, "--max-time", "20"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.components(separatedBy: "\r\n") ?? []
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        return Answer(status: status, headers: Array(head.dropFirst()), body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
