import FoundationEssentials
import Client
import Core
import Domain

/// The account's server as a `SyncRemote`, over the saved login.
public struct HTTPSyncRemote: SyncRemote {
    let client: ServerClient

    public init(client: ServerClient) {
        self.client = client
    }

    public func push(_ body: Data) throws -> [SyncPushResult] {
        try client.call(SyncAPI.push, body: body, timeout: 120).results
    }

    public func pull(cursor: String?, limit: Int) throws -> SyncPage {
        try pull(cursor: cursor, limit: limit, excludingDevice: nil)
    }

    public func pull(cursor: String?, limit: Int, excludingDevice: String?) throws -> SyncPage {
        let answer = try client.call(SyncAPI.pull, SyncPullQuery(cursor: cursor, limit: limit, device: excludingDevice), timeout: 120)
        do {
            return try answer.decoded()
        } catch {
            throw AppError.unavailable("the server's page of changes could not be read", code: "bad_server_response")
        }
    }
}
