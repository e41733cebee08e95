import FoundationEssentials
import Core
import Domain
import HTTP

/// Sync's endpoints, declared once: `SyncRoutes` serves them and `tend sync` calls them.
public enum SyncAPI {
    /// A batch of changes as the protocol's JSON (`SyncPushRequest`): read as bytes, so that a
    /// batch of one large change (a long track) may pass the 1 MiB batch limit alone.
    public static let push = Endpoint("POST", "/v1/sync/push",
                                      body: .bytes(accepting: ["application/json"], maximumSize: SyncProtocol.maximumSingleChangeBytes,
                                                   sentAs: "application/json"),
                                      answer: .json(SyncPushAnswer.self))
    public static let pull = Endpoint("GET", "/v1/sync/pull", parameters: SyncPullQuery.self, answer: .jsonText(SyncPage.self))
}

public struct SyncPushAnswer: Sendable, Codable, Equatable {
    public let results: [SyncPushResult]
    public init(results: [SyncPushResult]) { self.results = results }
}

/// `?cursor=…&limit=…&protocol=1`.
public struct SyncPullQuery: EndpointParameters, Equatable {
    public var cursor: String?
    public var limit: Int?
    public var protocolVersion: Int?
    /// The asking device: its own changes are left out of the page (it has them).
    public var device: String?

    public init(cursor: String?, limit: Int?, protocolVersion: Int? = SyncProtocol.version, device: String? = nil) {
        self.cursor = cursor
        self.limit = limit
        self.protocolVersion = protocolVersion
        self.device = device
    }

    public init(path: [String: String], query: [String: String]) throws {
        cursor = query["cursor"]
        device = query["device"]
        limit = try query["limit"].map { text in
            guard let number = Int(text) else { throw AppError.invalidInput("limit must be a number", code: "invalid_limit") }
            return number
        }
        protocolVersion = try query["protocol"].map { text in
            guard let number = Int(text) else { throw AppError.invalidInput("protocol must be a number", code: "sync_protocol_missing") }
            return number
        }
    }

    public var queryItems: [(name: String, value: String)] {
        [("protocol", protocolVersion.map(String.init))] .compactMap { name, value in value.map { (name, $0) } }
            + [("cursor", cursor), ("limit", limit.map(String.init)), ("device", device)]
                .compactMap { name, value in value.map { (name, $0) } }
    }
}
