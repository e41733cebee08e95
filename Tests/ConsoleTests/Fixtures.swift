import Console
import Core
import Synchronization

/// Keeps the invocation a run closure received, so a test can inspect what was parsed.
final class InvocationRecorder: Sendable {
    private let stored = Mutex<Invocation?>(nil)

    var last: Invocation? { stored.withLock { $0 } }

    func record(_ invocation: Invocation) { stored.withLock { $0 = invocation } }
}

/// A small `tend`-shaped tree: global `--db`/`--json`, an `insulin` group with `log` and `list`,
/// and leaves that throw each kind of error.
struct Fixture {
    let recorder = InvocationRecorder()
    let output: Output
    let captured: CapturedText
    let tool: CommandLineTool

    init(failure: (any Error & Sendable)? = nil) {
        (output, captured) = Output.capturing()
        let recorder = self.recorder
        let log = Command(
            name: "log",
            abstract: "Log a dose.",
            discussion: "Logs now unless --at says otherwise.",
            arguments: [
                Argument("kind", help: "Long- or rapid-acting insulin.", allowedValues: ["long", "rapid"]),
                Argument("units", help: "Units injected.", isOptional: true),
            ],
            options: [
                .value("at", valueName: "TIME", help: "When the dose was taken."),
                .value("note", short: "n", valueName: "TEXT", help: "A note."),
                .flag("force", short: "f", help: "Log even if a guard refuses."),
            ],
            run: { recorder.record($0) }
        )
        let list = Command(
            name: "list",
            abstract: "List doses.",
            options: [
                .value("limit", valueName: "N", help: "How many."),
                .value("sort", valueName: "ORDER", help: "Order.", allowedValues: ["asc", "desc"]),
            ],
            run: { invocation in
                recorder.record(invocation)
                _ = try invocation.option("limit", expected: "a whole number") { Int($0) }
            }
        )
        let insulin = Command(name: "insulin", abstract: "Insulin doses.", subcommands: [log, list])
        let fail = Command(name: "fail", abstract: "Throws the configured error.") { _ in
            if let failure { throw failure }
        }
        let hello = Command(name: "hello", abstract: "Says hello.") { invocation in
            invocation.output.print("hello")
        }
        let root = Command(
            name: "tend",
            abstract: "Personal care from the command line.",
            options: [
                .value("db", valueName: "PATH", help: "The database file."),
                .flag("json", help: "Print JSON."),
            ],
            subcommands: [insulin, fail, hello]
        )
        tool = CommandLineTool(root: root, output: output)
    }

    /// Runs a command line given as one string split on spaces.
    @discardableResult
    func run(_ line: String) -> Int32 {
        tool.run(line.split(separator: " ").map(String.init))
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}
