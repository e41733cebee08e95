import Console
import Core
import Testing

@Suite("Exit codes")
struct ExitCodeTests {
    @Test func successPrintsToStandardOutput() {
        let fixture = Fixture()
        #expect(fixture.run("hello") == 0)
        #expect(fixture.captured.stdout == "hello\n")
        #expect(fixture.captured.stderr == "")
    }

    @Test(arguments: [
        (AppError.Kind.conflict, Int32(3)),
        (.invalidInput, 2),
        (.notFound, 1),
        (.unauthorized, 1),
        (.forbidden, 1),
        (.tooLarge, 1),
        (.unavailable, 1),
        (.internalFailure, 1),
    ])
    func appErrorKindDecidesTheExitCode(kind: AppError.Kind, expected: Int32) {
        let fixture = Fixture(failure: AppError(kind, "it went wrong"))
        #expect(fixture.run("fail") == expected)
        #expect(fixture.captured.stderr == "error: it went wrong\n")
        #expect(fixture.captured.stdout == "")
    }

    @Test func usageErrorThrownByARunClosure() {
        let fixture = Fixture(failure: UsageError("--from must come before --to"))
        #expect(fixture.run("fail") == 2)
        #expect(fixture.captured.stderr == "error: --from must come before --to\nRun 'tend fail --help' for usage.\n")
    }

    @Test func anyOtherErrorExitsOne() {
        let fixture = Fixture(failure: TestFailure(description: "disk on fire"))
        #expect(fixture.run("fail") == 1)
        #expect(fixture.captured.stderr == "error: disk on fire\n")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let fixture = Fixture()
        #expect(fixture.run("insluin log long") == 2)
        #expect(fixture.captured.stderr
            == "error: unknown command 'insluin' for 'tend'. Did you mean 'insulin'?\nRun 'tend --help' for usage.\n")
    }

    @Test func unknownSubcommandOfAGroup() {
        let fixture = Fixture()
        #expect(fixture.run("insulin lst") == 2)
        #expect(fixture.captured.stderr.hasPrefix(
            "error: unknown command 'lst' for 'tend insulin'. Did you mean 'list'?\n"))
        #expect(fixture.captured.stderr.hasSuffix("Run 'tend insulin --help' for usage.\n"))
    }

    @Test func unknownCommandWithoutASuggestion() {
        let fixture = Fixture()
        #expect(fixture.run("weather") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unknown command 'weather' for 'tend'\n"))
    }

    @Test func bareGroupPrintsItsHelp() {
        let fixture = Fixture()
        #expect(fixture.run("insulin") == 0)
        #expect(fixture.captured.stdout.hasPrefix("Insulin doses.\n\nUSAGE: tend insulin <subcommand>\n"))
        #expect(fixture.captured.stderr == "")
    }

    @Test func bareRootPrintsItsHelp() {
        let fixture = Fixture()
        #expect(fixture.tool.run([]) == 0)
        #expect(fixture.captured.stdout.contains("SUBCOMMANDS:"))
    }

    @Test func exitCodeTable() {
        #expect(ExitCode.code(for: .conflict) == ExitCode.refused)
        #expect(ExitCode.code(for: .invalidInput) == ExitCode.usage)
        #expect(ExitCode.code(for: .notFound) == ExitCode.failure)
        #expect([ExitCode.success, ExitCode.failure, ExitCode.usage, ExitCode.refused] == [0, 1, 2, 3])
    }
}

@Suite("Errors under --json")
struct JSONErrorTests {
    @Test func anAppErrorIsOneJSONLineOnStandardError() {
        let fixture = Fixture(failure: AppError(.notFound, code: "dose_not_found", "no dose \"x\""))
        #expect(fixture.run("fail --json") == 1)
        #expect(fixture.captured.stderr == #"{"error":{"code":"dose_not_found","message":"no dose \"x\""}}"# + "\n")
        #expect(fixture.captured.stdout == "")
    }

    @Test func aUsageErrorIsJSONWithoutTheHelpPointer() {
        let fixture = Fixture()
        #expect(fixture.run("insluin --json") == 2)
        #expect(fixture.captured.stderr.hasPrefix(#"{"error":{"code":"usage","message":"unknown command 'insluin'"#))
        #expect(!fixture.captured.stderr.contains("--help"))
    }

    @Test func withoutJSONErrorsStayText() {
        let fixture = Fixture(failure: AppError(.notFound, "gone"))
        #expect(fixture.run("fail") == 1)
        #expect(fixture.captured.stderr == "error: gone\n")
    }
}
