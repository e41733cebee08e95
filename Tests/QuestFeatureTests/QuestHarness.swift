import Foundation
import Synchronization
import Console
import Core
import Domain
import Composition
import QuestFeature

/// A clock the test moves forward.
final class SteppingClock: Clock {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(days: Int, hours: Int = 0) {
        current.withLock { $0 = $0.addingTimeInterval(TimeInterval(days * 86_400 + hours * 3600)) }
    }
}

/// Runs `quest` commands on an in-memory container, as `tend` would.
struct QuestHarness {
    let container: Container
    let clock: SteppingClock

    init(start: String = "2026-11-02T20:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        clock = SteppingClock(ISO8601.parseInstant(start)!)
        container = try Container(databasePath: ":memory:", clock: clock, localTimeZone: { timeZone }, passwordStrength: .minimum)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as! [String: Any]
        }
    }

    func run(_ arguments: String..., language: Language = .en) -> Result {
        let context = QuestContext(useCases: container.quests, ownerID: "local", language: language, environment: [:], isInteractive: false)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [QuestCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
