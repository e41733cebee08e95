import FoundationEssentials
import Console
import Core
import Domain

/// `tend import` (being built for issue 18).
struct ImportCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    var command: Command {
        Command(name: "import", abstract: "Import (being built).") { _ in
            throw AppError.unavailable("tend import is being built", code: "not_built")
        }
    }
}
