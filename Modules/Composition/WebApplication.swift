import FoundationEssentials
import Core
import Crypto
import Data
import Domain
import HTTP
import WebFeature

/// The web app's part of `tend-server`: its services from the container, its words from the
/// Korean catalog, its network facts from the environment (`TEND_TRUSTED_PROXIES`,
/// `TEND_SECURE_COOKIES`).
extension ServerApplication {
    static func webRoutes(container: Container, logger: Logger?,
                          environment: [String: String] = ProcessInfo.processInfo.environment) -> [Route] {
        let assets = WebAssets(directory: container.resourcesPath + "/Web")
        if !assets.isComplete {
            logger?.warning("the web app's stylesheet, script or icons are missing from \(container.resourcesPath)/Web")
        }
        let services = WebServices(
            accounts: container.accounts, sessions: container.browserSessions, insulin: container.insulin,
            workouts: container.workouts, nutrition: container.nutrition, body: container.body,
            couples: container.couples, quests: container.quests,
            configuration: WebConfiguration.fromEnvironment(environment), assets: assets,
            message: { error, language in language == .ko ? KoreanCatalog.catalog.message(for: error) : error.message },
            digest: { SodiumDigest.sha256Hex(Data($0.utf8)) },
            snapshot: Self.snapshot(container.database))
        return WebRoutes.make(services)
    }

    /// A page's reads in one snapshot on SQLite, where a write inside still takes the writer.
    /// PostgreSQL refuses a write inside a read transaction, and a GET page is not proven never to
    /// write (defaults saved on first look), so there each statement keeps its own transaction.
    static func snapshot(_ database: any SQLDatabase) -> @Sendable (() throws -> HTTPResponse) throws -> HTTPResponse {
        guard database.dialect == .sqlite else { return { try $0() } }
        return { page in try database.read(page) }
    }
}
