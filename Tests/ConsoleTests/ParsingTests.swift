import Console
import Testing

@Suite("Parsing")
struct ParsingTests {
    @Test func positionalArgumentsAreMatchedInOrder() throws {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long 12") == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.commandPath == ["tend", "insulin", "log"])
        #expect(invocation.argument("kind") == "long")
        #expect(invocation.argument("units") == "12")
    }

    @Test func optionalArgumentMayBeLeftOut() throws {
        let fixture = Fixture()
        #expect(fixture.run("insulin log rapid") == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.argument("units") == nil)
    }

    @Test(arguments: [
        ["insulin", "log", "long", "--at", "08:00"],
        ["insulin", "log", "long", "--at=08:00"],
        ["insulin", "log", "--at", "08:00", "long"],
    ])
    func valueOptionInBothForms(_ arguments: [String]) throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(arguments) == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.option("at") == "08:00")
        #expect(invocation.has("at"))
        #expect(invocation.argument("kind") == "long")
    }

    @Test func shortOptionsAndFlags() throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["insulin", "log", "long", "-n", "before lunch", "-f"]) == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.option("note") == "before lunch")
        #expect(invocation.flag("force"))
        #expect(invocation.has("force"))
        #expect(!invocation.flag("json"))
        #expect(!invocation.has("at"))
    }

    @Test func shortOptionWithAttachedValue() throws {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long -fnquick") == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.flag("force"))
        #expect(invocation.option("note") == "quick")
    }

    @Test func lastValueWinsAndAllAreKept() throws {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long --note a --note b") == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.option("note") == "b")
        #expect(invocation.options("note") == ["a", "b"])
    }

    @Test(arguments: [
        "--json --db x.sqlite insulin log long",
        "insulin --json log long --db x.sqlite",
        "insulin log long --json --db=x.sqlite",
    ])
    func globalOptionsWorkAnywhere(_ line: String) throws {
        let fixture = Fixture()
        #expect(fixture.run(line) == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.flag("json"))
        #expect(invocation.option("db") == "x.sqlite")
        #expect(invocation.argument("kind") == "long")
    }

    @Test func doubleDashEndsOptions() throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["insulin", "log", "--", "long", "3", "--force"]) == 2)
        #expect(fixture.captured.stderr.contains("error: unexpected argument '--force'"))

        let second = Fixture()
        #expect(second.tool.run(["insulin", "log", "long", "--", "-f"]) == 0)
        let invocation = try #require(second.recorder.last)
        #expect(invocation.argument("units") == "-f")
        #expect(!invocation.flag("force"))
    }

    @Test(arguments: ["-5", "-2.5", "-.5"])
    func negativeNumbersArePositional(_ number: String) throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["insulin", "log", "long", number]) == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.argument("units") == number)
    }

    @Test func valueOptionTakesADashValue() throws {
        let fixture = Fixture()
        #expect(fixture.tool.run(["insulin", "log", "long", "--note", "-3", "--at", "--weird"]) == 0)
        let invocation = try #require(fixture.recorder.last)
        #expect(invocation.option("note") == "-3")
        #expect(invocation.option("at") == "--weird")
    }

    @Test func missingRequiredArgument() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log") == 2)
        #expect(fixture.captured.stderr == "error: missing argument <kind>\nRun 'tend insulin log --help' for usage.\n")
        #expect(fixture.recorder.last == nil)
    }

    @Test func tooManyArguments() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long 3 extra") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unexpected argument 'extra'\n"))
    }

    @Test func argumentOutsideAllowedValues() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log lnog") == 2)
        #expect(fixture.captured.stderr.hasPrefix(
            "error: invalid value 'lnog' for <kind>: expected one of long, rapid. Did you mean 'long'?\n"))
    }

    @Test func optionOutsideAllowedValues() {
        let fixture = Fixture()
        #expect(fixture.run("insulin list --sort up") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: invalid value 'up' for --sort: expected one of asc, desc\n"))
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long --froce") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unknown option '--froce'. Did you mean '--force'?\n"))

        let other = Fixture()
        #expect(other.run("insulin log long --zzz") == 2)
        #expect(other.captured.stderr.hasPrefix("error: unknown option '--zzz'\n"))
    }

    @Test func unknownShortOption() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long -x") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unknown option '-x'\n"))
    }

    @Test func optionsOfASubcommandAreNotKnownToItsParent() {
        let fixture = Fixture()
        #expect(fixture.run("insulin --force log long") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: unknown option '--force'"))
    }

    @Test func flagGivenAValue() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long --force=yes") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: option --force does not take a value\n"))
    }

    @Test func valueOptionWithoutValue() {
        let fixture = Fixture()
        #expect(fixture.run("insulin log long --at") == 2)
        #expect(fixture.captured.stderr.hasPrefix("error: missing value for --at\n"))

        let beforeDoubleDash = Fixture()
        #expect(beforeDoubleDash.tool.run(["insulin", "log", "long", "-n", "--"]) == 2)
        #expect(beforeDoubleDash.captured.stderr.hasPrefix("error: missing value for --note\n"))
    }

    @Test func typedOptionParseFailureIsAUsageError() {
        let fixture = Fixture()
        #expect(fixture.run("insulin list --limit ten") == 2)
        #expect(fixture.captured.stderr
            == "error: invalid value 'ten' for --limit: a whole number\nRun 'tend insulin list --help' for usage.\n")
    }

    @Test func typedLookupsOnAnInvocation() throws {
        let (output, _) = Output.capturing()
        let invocation = Invocation(
            commandPath: ["tend", "insulin", "log"],
            arguments: ["units": "4.5", "kind": "long"],
            options: ["limit": ["7"]],
            output: output
        )
        #expect(try invocation.option("limit", expected: "a number") { Int($0) } == 7)
        #expect(try invocation.option("absent", expected: "a number") { Int($0) } == nil)
        #expect(try invocation.argument("units", expected: "a number") { Double($0) } == 4.5)
        #expect(throws: UsageError("invalid value 'long' for <kind>: a number")) {
            try invocation.argument("kind", expected: "a number") { Double($0) }
        }
    }

    @Test func programNameIsNotPassedButASliceIsAccepted() throws {
        let fixture = Fixture()
        let commandLine = ["/usr/bin/tend", "insulin", "log", "rapid"]
        #expect(fixture.tool.run(commandLine.dropFirst()) == 0)
        #expect(try #require(fixture.recorder.last).argument("kind") == "rapid")
    }
}

@Suite("Invocation: JSON or text")
struct RespondTests {
    @Test func jsonUnderTheFlagElseText() throws {
        let (output, captured) = Output.capturing()
        let json = Invocation(commandPath: ["tend", "x"], flags: ["json"], output: output, declared: ["json"])
        try json.respond(json: { ["a": 1] }, text: { "text" })
        #expect(captured.stdout == #"{"a":1}"# + "\n")
        let (textOutput, textCaptured) = Output.capturing()
        let text = Invocation(commandPath: ["tend", "x"], output: textOutput, declared: ["json"])
        try text.respond(json: { ["a": 1] }, text: { "text" })
        #expect(textCaptured.stdout == "text\n")
    }
}
