import FoundationEssentials
import Core
import Crypto
import Data
import Domain
import Client
import AccountFeature
import NightscoutFeature
#if canImport(Glibc)
import Glibc
#endif

/// `tend glucose pull`'s context: the pull on this device's database, libcurl for the site, the
/// environment's credentials or a prompt without echo (as `tend account` asks for a password),
/// and Crypto's SHA-1 for the API secret. Nothing touches the network until the command runs.
enum NightscoutPullConnection {
    static func context(container: Container, environment: [String: String]) -> NightscoutPullContext {
        let pull = NightscoutPull(nightscout: container.nightscout,
                                  documents: SQLiteNightscoutDocumentRepository(database: container.database),
                                  settings: container.insulin.settings,
                                  cursors: SQLiteNightscoutPullCursorRepository(database: container.database),
                                  transactor: container.database, clock: container.clock)
        return NightscoutPullContext(pull: pull, transport: CurlTransport(), environment: environment, isInteractive: isatty(0) == 1,
                                     readSecret: AccountCommands.readHiddenLine,
                                     sha1Hex: { NightscoutSecretForms.sha1Hex(Data($0.utf8)) })
    }
}
