import FoundationEssentials
import Console
import Core
import Domain

/// `tend export` (being built for issue 18).
struct ExportCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    var command: Command {
        Command(name: "export", abstract: "Export (being built).") { _ in
            throw AppError.unavailable("tend export is being built", code: "not_built")
        }
    }
}
