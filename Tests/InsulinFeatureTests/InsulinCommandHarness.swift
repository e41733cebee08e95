import Foundation
import Console
import Core
import Composition
import InsulinFeature

/// Runs `insulin` commands against an in-memory container with a fixed clock, as `tend` would.
struct InsulinCommandHarness {
    let container: Container
    var now: Date

    init(now: String = "2026-11-30T21:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        self.now = ISO8601.parseInstant(now)!
        container = try Container.inMemory(clock: FixedClock(self.now), timeZone: timeZone)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as! [String: Any]
        }
    }

    func run(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        let context = InsulinContext(useCases: container.insulin, ownerID: "local", ids: container.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [InsulinCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
