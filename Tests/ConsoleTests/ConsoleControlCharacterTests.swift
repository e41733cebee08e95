import Foundation
import Testing
import Core
@testable import Console

/// Text with terminal control characters is refused where it enters `tend` (arguments, option
/// values, stdin, the editor) and shown in caret notation wherever `tend` prints.
@Suite("Control characters on the command line and on the screen")
struct ConsoleControlCharacterTests {
    // MARK: Arguments and options

    @Test(arguments: [
        (["insulin", "log", "long", "--note", "hi\u{1B}[2J"], "--note"),
        (["insulin", "log", "long", "--note=ding\u{7}"], "--note"),
        (["insulin", "log", "long", "-n", "nul\u{0}"], "--note"),
        (["insulin", "log", "long", "-nquick\u{9B}31m"], "--note"),
        (["insulin", "log", "long", "--at", "08:00\r"], "--at"),
        (["insulin", "log", "long", "12\u{7F}"], "<units>"),
        (["--db", "/tmp/x\u{1B}", "hello"], "--db"),
    ])
    func aValueWithAControlCharacterIsAUsageErrorNamingIt(_ arguments: [String], _ name: String) {
        let fixture = Fixture()
        #expect(fixture.tool.run(arguments) == ExitCode.usage)
        #expect(fixture.recorder.last == nil, "the command must not run")
        let stderr = fixture.captured.stderr
        #expect(stderr.hasPrefix("error: \(name) holds a control character"), "\(stderr)")
        #expect(!stderr.hasControlCharacters, "stderr itself stays free of control characters: \(stderr.debugDescription)")
        #expect(fixture.captured.stdout.isEmpty)
    }

    @Test func newlinesAndTabsAreText() throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["insulin", "log", "long", "--note", "line one\nline\ttwo"]) == 0)
        #expect(try #require(fixture.recorder.last).option("note") == "line one\nline\ttwo")
    }

    @Test func underJSONTheRefusalIsAJSONUsageError() throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["--json", "insulin", "log", "long", "--note", "\u{1B}[31mred"]) == ExitCode.usage)
        let line = fixture.captured.stderr.trimmingCharacters(in: .newlines)
        let error = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage")
        #expect((error["message"] as? String)?.contains("--note") == true)
    }

    @Test func theRefusalIsTranslated() {
        let (output, captured) = Output.capturing()
        let fixture = Fixture()
        let tool = CommandLineTool(root: fixture.tool.root, output: output, catalog: Catalog(language: .ko))
        #expect(tool.run(["insulin", "log", "long", "--note", "\u{7}"]) == ExitCode.usage)
        #expect(captured.stderr.contains("--note에 제어 문자"), "\(captured.stderr)")
    }

    @Test func textFromStdinOrTheEditorFollowsTheSameRule() throws {
        #expect(try Terminal.checkedText("line one\r\nline two\r\n", from: "the text on stdin") == "line one\nline two\n")
        #expect(try Terminal.checkedText("tab\tand newline\n", from: "the text on stdin") == "tab\tand newline\n")
        let error = try #require(throws: UsageError.self) { try Terminal.checkedText("a\u{1B}[2Jb\n", from: "the text on stdin") }
        #expect(error.key == UsageError.Key.controlCharacter)
        #expect(error.message.hasPrefix("the text on stdin holds a control character"))
        #expect(throws: UsageError.self) { try Terminal.checkedText("lone\rreturn", from: "the text from the editor") }
    }

    // MARK: Printing

    @Test func printAndPrintErrorShowControlCharactersInCaretNotation() {
        let (output, captured) = Output.capturing()
        output.print("Partner: \u{1B}[2J\u{1B}[HEvil\u{7}\u{9B}31m\nmood:\tfine")
        output.printError("error: '\u{1B}]0;pwned\u{7}' is not a day")
        output.write("question\u{0}? ")
        #expect(captured.stdout == "Partner: ^[[2J^[[HEvil^GM-^[31m\nmood:\tfine\nquestion^@? ")
        #expect(captured.stderr == "error: '^[]0;pwned^G' is not a day\n")
    }

    @Test func tendsOwnTerminalSequencesStayRawAndTheTextBesideThemDoesNot() {
        let (output, captured) = Output.capturing(isTerminal: true)
        output.write(.redrawLine, "Syncing: 1000 sent, \u{1B}[31m")
        output.write(.bell)
        output.write(.redrawLine)
        #expect(captured.stdout == "\r\u{1B}[2KSyncing: 1000 sent, ^[[31m\u{7}\r\u{1B}[2K")
    }

    @Test func jsonOutputEscapesEveryControlCharacterAndKeepsTheText() throws {
        let (output, captured) = Output.capturing()
        let name = "Evil\u{1B}[2J\u{7}\u{0}\u{7F}\u{9B}31m\nnext\té"
        try output.printJSON(["name": name])
        let line = captured.stdout
        #expect(line.hasSuffix("\n"))
        #expect(!line.dropLast().unicodeScalars.contains { $0.isControlCharacter }, "\(line.debugDescription)")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(line.utf8))
        #expect(decoded["name"] == name, "the JSON carries the exact text")
    }
}
