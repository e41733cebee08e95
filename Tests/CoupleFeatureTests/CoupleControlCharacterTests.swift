import Foundation
import Testing
import Client
import Core
import Domain
import HTTP
@testable import CoupleFeature

/// A partner's name and mood reach the other person's terminal: what was stored before the
/// rule (straight in the database) is shown in caret notation, and new text with control
/// characters is refused by `tend` and by the server alike.
@Suite("Control characters in what a partner shares")
struct CoupleControlCharacterTests {
    static let evilName = "Théo\u{1B}[2J\u{1B}[H"
    static let evilStatus = "\u{1B}]0;pwned\u{7}tired"
    static let evilNote = "ding\u{7}\u{9B}31m red"

    /// Minji and Théo paired, Théo's name and today's mood written straight into the database
    /// with escape sequences in them (as an older server or tend could have stored them).
    static func pairedWithAnEvilPartner() throws -> (routes: CoupleServer, minji: String, theo: String) {
        let routes = try CoupleServer()
        let minji = routes.token("minji@example.com", name: "Minji", zone: "Asia/Seoul")
        let theo = routes.token("theo@example.com", name: evilName, zone: "Europe/Paris")
        let code = routes.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String ?? ""
        #expect(routes.send("POST", "/v1/couple/join", json: ["code": code], token: theo).status == 200)
        let theoID = try #require(try routes.stack.accountID(token: theo))
        let couple = try #require(try routes.stack.couples.couples(accountID: theoID).first)
        let now = routes.clock.now
        try routes.stack.couples.save(MoodEntry(id: UUIDv7.makeString(at: now), coupleID: couple.id, authorID: theoID,
                                                day: try #require(LocalDate("2026-11-30")), mood: .tired, status: evilStatus,
                                                note: evilNote, createdAt: now, updatedAt: now))
        return (routes, minji, theo)
    }

    @Test func aPartnersStoredNameAndMoodPrintInCaretNotationOnTheHome() throws {
        let (routes, minji, _) = try Self.pairedWithAnEvilPartner()
        let runner = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(minji))
        let home = runner.run("couple", "home")
        #expect(home.status == 0, "\(home)")
        #expect(home.stdout.contains("Théo^[[2J^[[H"), "\(home.stdout.debugDescription)")
        #expect(home.stdout.contains("^[]0;pwned^Gtired"), "\(home.stdout.debugDescription)")
        #expect(!home.stdout.hasControlCharacters, "nothing but newlines and tabs reaches the terminal: \(home.stdout.debugDescription)")
        #expect(!home.stderr.hasControlCharacters)
    }

    @Test func underJSONTheStoredTextTravelsExactAndEscaped() throws {
        let (routes, minji, _) = try Self.pairedWithAnEvilPartner()
        let runner = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(minji))
        let home = runner.run("--json", "couple", "home")
        #expect(home.status == 0, "\(home)")
        #expect(!home.stdout.dropLast().unicodeScalars.contains { $0.isControlCharacter }, "\(home.stdout.debugDescription)")
        #expect(home.stdout.contains(#"Th\u00e9o\u001b[2J"#) || home.stdout.contains(#"Théo\u001b[2J"#), "\(home.stdout)")
    }

    @Test func newTextWithControlCharactersIsRefusedByTendAndByTheServer() throws {
        let (routes, minji, theo) = try Self.pairedWithAnEvilPartner()
        let runner = CoupleCommandRunner(transport: InProcessTransport(application: routes.application), login: routes.login(minji))
        let typed = runner.run("couple", "mood", "happy", "--status", "hi\u{1B}[31m")
        #expect(typed.status == 2, "\(typed)")
        #expect(typed.stderr.hasPrefix("error: --status holds a control character"), "\(typed)")

        let posted = routes.send("PUT", "/v1/couple/mood", json: ["mood": "happy", "note": "ding\u{7}"], token: theo)
        #expect(posted.status == 400, "\(posted)")
        #expect(posted.errorCode == "invalid_text", "\(posted)")
        let renamed = routes.send("PUT", "/v1/couple/mood", json: ["mood": "happy", "status": "fine\nreally\tfine"], token: theo)
        #expect(renamed.status == 200, "newlines and tabs are text: \(renamed)")
    }
}
