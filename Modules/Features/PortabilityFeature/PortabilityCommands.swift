import FoundationEssentials
import Console
import Core
import Domain

/// What `tend export`, `tend import` and `tend erase` work with.
public struct PortabilityContext: Sendable {
    public let store: any PersonalDataStore
    public let ownerID: String
    public let appVersion: String
    public let clock: any Clock

    public init(store: any PersonalDataStore, ownerID: String, appVersion: String, clock: any Clock) {
        self.store = store
        self.ownerID = ownerID
        self.appVersion = appVersion
        self.clock = clock
    }
}

/// `tend export`, `tend import`, `tend erase`: a person's data taken away, brought back, erased.
public enum PortabilityCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> PortabilityContext

    public static func make(context: @escaping ContextProvider) -> [Command] {
        [ExportCommand(makeContext: context).command, ImportCommand(makeContext: context).command,
         EraseCommand(makeContext: context).command]
    }
}
