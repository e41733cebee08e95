import Console
import Testing

@Suite("Help")
struct HelpTests {
    @Test func leafHelpHasEverySection() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log --help") == 0)
        let expected = """
            Log a dose.

            Logs now unless --at says otherwise.

            USAGE: tend insulin log <kind> [units] [--at <TIME>] [--note <TEXT>] [--force]

            ARGUMENTS:
              <kind>                  Long- or rapid-acting insulin. (values: long, rapid)
              [units]                 Units injected.

            OPTIONS:
              --at <TIME>             When the dose was taken.
              -n, --note <TEXT>       A note.
              -f, --force             Log even if a guard refuses.
              -h, --help              Show help information.

            GLOBAL OPTIONS:
              --db <PATH>             The database file.
              --json                  Print JSON.

            """
        #expect(fixture.captured.stdout == expected)
        #expect(fixture.captured.stderr == "")
    }

    @Test func groupHelpListsSubcommands() {
        let fixture = Fixture()
        #expect(fixture.run("insulin -h") == 0)
        let expected = """
            Insulin doses.

            USAGE: tend insulin <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            GLOBAL OPTIONS:
              --db <PATH>             The database file.
              --json                  Print JSON.

            SUBCOMMANDS:
              log                     Log a dose.
              list                    List doses.

            See 'tend insulin <subcommand> --help' for detailed help.

            """
        #expect(fixture.captured.stdout == expected)
    }

    @Test func rootHelpShowsGlobalOptionsAsItsOwn() {
        let fixture = Fixture()
        #expect(fixture.run("--help") == 0)
        let help = fixture.captured.stdout
        #expect(help.hasPrefix("Personal care from the command line.\n\nUSAGE: tend [--db <PATH>] [--json] <subcommand>\n"))
        #expect(help.contains("OPTIONS:\n  --db <PATH>             The database file.\n"))
        #expect(!help.contains("GLOBAL OPTIONS:"))
        #expect(!help.contains("ARGUMENTS:"))
        #expect(help.contains("SUBCOMMANDS:\n  insulin                 Insulin doses.\n  fail "))
    }

    @Test(arguments: [
        "insulin log --bogus --help",
        "insulin log -h extra extra",
        "--json insulin log --at -h",
        "insulin log lnog --help",
    ])
    func helpWinsOverInvalidArguments(_ line: String) {
        let fixture = Fixture()
        #expect(fixture.run(line) == 0)
        #expect(fixture.captured.stdout.hasPrefix("Log a dose.\n"))
        #expect(fixture.captured.stderr == "")
        #expect(fixture.recorder.last == nil)
    }

    @Test func helpStopsAtTheDeepestKnownCommand() {
        let fixture = Fixture()
        #expect(fixture.run("insulin nope --help") == 0)
        #expect(fixture.captured.stdout.hasPrefix("Insulin doses.\n"))
    }

    @Test func helpAsAFirstPositional() {
        let fixture = Fixture()
        #expect(fixture.run("help insulin log") == 0)
        #expect(fixture.captured.stdout.hasPrefix("Log a dose.\n"))

        let root = Fixture()
        #expect(root.run("help") == 0)
        #expect(root.captured.stdout.hasPrefix("Personal care from the command line.\n"))
    }

    @Test func helpForAnUnknownTopicIsAUsageError() {
        let fixture = Fixture()
        #expect(fixture.run("help insluin") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unknown command 'insluin' for 'tend'. Did you mean 'insulin'?\n"))
    }

    @Test func longHelpTextWrapsUnderItsColumn() {
        let (output, captured) = Output.capturing()
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        let root = Command(
            name: "tool",
            abstract: "A tool.",
            options: [.flag("verbose", help: words), .value("an-even-longer-option-name-here", valueName: "VALUE", help: "Short.")],
            run: { _ in }
        )
        #expect(CommandLineTool(root: root, output: output).run(["--help"]) == 0)
        let lines = captured.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        let verbose = lines.firstIndex { $0.hasPrefix("  --verbose") }!
        #expect(lines[verbose] == "  --verbose               " + Array(repeating: "word", count: 11).joined(separator: " "))
        #expect(lines[verbose + 1].hasPrefix(String(repeating: " ", count: 26) + "word"))
        // A label too long for the column gets its text on the next line.
        let long = lines.firstIndex { $0.hasPrefix("  --an-even-longer-option-name-here") }!
        #expect(lines[long] == "  --an-even-longer-option-name-here <VALUE>")
        #expect(lines[long + 1] == String(repeating: " ", count: 26) + "Short.")
    }

    @Test func aCommandMayTakeShortH() {
        let (output, captured) = Output.capturing()
        let recorder = InvocationRecorder()
        let root = Command(
            name: "tool",
            abstract: "A tool.",
            options: [.value("hours", short: "h", valueName: "N", help: "Hours.")],
            run: { recorder.record($0) }
        )
        let tool = CommandLineTool(root: root, output: output)
        #expect(tool.run(["-h", "3"]) == 0)
        #expect(recorder.last?.option("hours") == "3")
        #expect(tool.run(["--help"]) == 0)
        #expect(captured.stdout.contains("\n  --help                  Show help information."))
    }
}
