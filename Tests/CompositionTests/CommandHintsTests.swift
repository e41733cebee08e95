import Foundation
import Synchronization
import Testing
import Console
import Core
import Domain
import HTTP
@testable import Composition

/// The use cases say what went wrong; only the command line says what to type next, on a line
/// of its own. An API answer and a phone's reminder carry no `tend` command.
@Suite("Command hints")
struct CommandHintsTests {
    static let now = ISO8601.parseInstant("2026-11-30T22:30:00+09:00")!

    static func run(_ tend: TendCommandLine, _ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        let (output, captured) = Output.capturing()
        let status = tend.run(arguments, output: output)
        return (status, captured.stdout, captured.stderr)
    }

    static func tend() throws -> TendCommandLine {
        let container = try Container.inMemory(clock: FixedClock(now), timeZone: "Asia/Seoul")
        return TendCommandLine(environment: ["HOME": "/nonexistent-tend-home"], container: container)
    }

    @Test func theHintFollowsTheErrorOnALineOfItsOwn() throws {
        let tend = try Self.tend()
        let none = Self.run(tend, "quest", "today")
        #expect(none.status == 1)
        #expect(none.stderr == "error: there is no journey yet\nhint: tend quest start\n")
        #expect(Self.run(tend, "supps", "take", "fish oil").stderr == "error: no supplement named 'fish oil'\nhint: tend supps list\n")
        #expect(Self.run(tend, "places", "eta", "box", "--from", "37.5,127").stderr
            == "error: no place named 'box'\nhint: tend places add NAME --lat LAT --lon LON\n")
        #expect(Self.run(tend, "quest", "start", "--nickname", "Minji", "--feeling", "sad", "--style", "action").status == 0)
        let wrong = Self.run(tend, "quest", "answer", "A long enough answer here.")
        #expect(wrong.stderr == "error: this is an action quest: mark it done\nhint: tend quest done\n")
        let again = Self.run(tend, "quest", "start", "--nickname", "Minji", "--feeling", "sad", "--style", "question")
        let lines = again.stderr.split(separator: "\n").map(String.init)
        let opening = "error: a journey is already in progress ("
        #expect(lines.count == 2 && lines[0].hasPrefix(opening) && lines[0].hasSuffix(", started 2026-11-30); finish it or delete it"))
        let id = lines.first?.dropFirst(opening.count).prefix { $0 != "," } ?? ""
        #expect(id.count == 36 && lines.last == "hint: tend quest delete \(id)", "\(lines)")
    }

    @Test func jsonErrorsAndKoreanScreens() throws {
        let tend = try Self.tend()
        let json = Self.run(tend, "--json", "quest", "today")
        #expect(json.stderr == #"{"error":{"code":"no_journey","message":"there is no journey yet"}}"# + "\n")
        let korean = Self.run(tend, "--lang", "ko", "quest", "today")
        #expect(korean.stderr == "오류: 아직 여정이 없어요.\n힌트: tend quest start\n")
    }

    @Test func theAPIAnswersWithoutCommandLineWords() throws {
        let container = try Container.inMemory(clock: FixedClock(Self.now), timeZone: "Asia/Seoul")
        let api = ServerApplication.make(container: container, logger: nil)
        func send(_ method: String, _ path: String, _ json: [String: Any]?, token: String? = nil) -> (Int, String) {
            var headers = ["Content-Type": "application/json"]
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let body = json.map { try! JSONSerialization.data(withJSONObject: $0) } ?? Data()
            let response = api.respond(to: HTTPRequest(method: method, path: path, query: [:], headers: headers, body: body))
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        _ = send("POST", "/v1/accounts", ["email": "a@example.com", "password": "correct horse battery", "display_name": "A",
                                          "time_zone": "Asia/Seoul"])
        let (_, session) = send("POST", "/v1/sessions", ["email": "a@example.com", "password": "correct horse battery"])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(session.utf8)) as? [String: Any])?["token"] as? String)
        let (status, body) = send("GET", "/v1/quests/today", nil, token: token)
        #expect(status == 404)
        #expect(body.contains(#""code":"no_journey""#) && body.contains("there is no journey yet"))
        #expect(!body.contains("tend "), "\(body)")
    }

    @Test("hints are found by code.key, else code, with the error's values written in")
    func lookup() {
        let catalog = Catalog.english
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "wrong_quest_kind").with(key: "action")) == "tend quest done")
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "wrong_quest_kind").with(key: "question")) == "tend quest answer")
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "unknown_exercise").with(key: "suggested")) == "tend exercises list")
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "journey_in_progress").with(["id": "0193"])) == "tend quest delete 0193")
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "journey_in_progress")) == nil) // no id: no half a command
        #expect(catalog.hint(for: AppError.invalidInput("x", code: "invalid_units")) == nil)
        #expect(KoreanCatalog.catalog.hint(for: AppError.notFound("x", code: "no_journey")) == "tend quest start")
    }

    @Test("only this machine's desktop reminders name the command that answers them")
    func desktopReminders() throws {
        let recorder = RecordingSender()
        let sender = DesktopReminderSender(base: recorder)
        let reminder = Domain.Notification(id: "n1", ownerID: Owner.local, rule: .insulin, occasion: "insulin:2026-11-30:1",
                                    title: "Long-acting insulin", body: "Tonight's Long-acting (10 u) is not logged yet for 2026-11-30. Took it? Log it.",
                                    dueAt: Self.now, createdAt: Self.now, updatedAt: Self.now)
        func channel(_ kind: ChannelKind) -> NotificationChannel {
            NotificationChannel(id: kind.rawValue, ownerID: Owner.local, kind: kind, url: "https://ntfy.sh/t", token: nil, secret: nil,
                                createdAt: Self.now)
        }
        try sender.deliver(reminder, to: channel(.desktop))
        try sender.deliver(reminder, to: channel(.ntfy))
        try sender.deliver(reminder, to: channel(.webhook))
        #expect(recorder.bodies == [reminder.body + " → tend insulin log long", reminder.body, reminder.body])
    }

    /// No message or notification text in `Domain` names a `tend` command (comments may).
    @Test func domainNamesNoCommand() throws {
        let domain = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Modules/Domain")
        let commands = Set(TendCommandLine(environment: [:]).rootCommand().subcommands.map(\.name))
        let files = try #require(FileManager.default.enumerator(atPath: domain.path)?.compactMap { $0 as? String })
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: domain.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
                for (index, word) in words.enumerated().dropLast() where word == "tend" && commands.contains(String(words[index + 1])) {
                    found.append("\(file):\(number + 1): \(code)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

final class RecordingSender: NotificationSender {
    private let delivered = Mutex<[String]>([])
    var bodies: [String] { delivered.withLock { $0 } }
    func deliver(_ notification: Domain.Notification, to channel: NotificationChannel) throws {
        delivered.withLock { $0.append(notification.body) }
    }
}
