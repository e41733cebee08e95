import FoundationEssentials
import Console
import Core
import Domain

/// `tend erase` (being built for issue 18).
struct EraseCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    var command: Command {
        Command(name: "erase", abstract: "Erase (being built).") { _ in
            throw AppError.unavailable("tend erase is being built", code: "not_built")
        }
    }
}
