import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/sync/push` and `/v1/sync/pull`: the account's change log, per account.
public enum SyncRoutes {
    public static func make(sync: SyncUseCases) -> [Route] {
        typealias S = OpenAPISchema
        return [
            Route(SyncAPI.push, operation: OpenAPIOperation(
                summary: "Push a batch of changes (at most 1,000 or 1 MiB; one change alone may be larger). Each is applied, "
                    + "a duplicate of one applied before, or rejected with a reason; the rest of the batch still applies",
                tag: "sync", requestBody: S.jsonBody(S.ref("SyncPush")),
                responses: [("200", S.jsonResponse("One result per change", S.ref("SyncPushAnswer"))),
                            ("413", S.jsonResponse("Too many changes or bytes", S.ref("Error")))]
            )) { received in
                // Text is judged per change (`SyncValidation`): one bad note rejects its change, not the batch.
                let request = try received.request.decode(SyncPushRequest.self, checkingText: false)
                return SyncPushAnswer(results: try sync.push(request, bodyBytes: received.body.count, ownerID: received.accountID))
            },
            Route(SyncAPI.pull, operation: OpenAPIOperation(
                summary: "The account's changes after the cursor, in the order they became visible", tag: "sync",
                parameters: [S.queryParameter("cursor", "The cursor of the last page (none: from the start)"),
                             S.queryParameter("limit", "At most this many changes (1-1000, default 500)"),
                             S.queryParameter("protocol", "The sync protocol version the client speaks (1)"),
                             S.queryParameter("device", "The asking device's id: its own changes are left out")],
                responses: [("200", S.jsonResponse("A page of changes", S.ref("SyncPage")))]
            )) { received in
                let query = received.parameters
                return JSONText(try sync.pull(ownerID: received.accountID, cursor: query.cursor, limit: query.limit,
                                              protocolVersion: query.protocolVersion, excludingDevice: query.device))
            },
        ]
    }

    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let value: JSONValue = ["type": ["string", "number", "integer", "boolean", "null"]]
        let change = S.object([
            ("id", S.string), ("table", S.string), ("record_id", S.string),
            ("operation", S.enumeration(SyncOperation.allCases.map(\.rawValue))),
            ("fields", ["type": "object", "additionalProperties": value]),
            ("clock", S.string), ("basis", S.nullable("string")),
        ], required: ["id", "table", "record_id", "operation", "fields", "clock"])
        return [
            ("SyncChange", change),
            ("SyncPush", S.object([("protocol", S.integer), ("device_id", S.string), ("changes", S.array(S.ref("SyncChange")))],
                                  required: ["protocol", "device_id", "changes"])),
            ("SyncPushAnswer", S.object([("results", S.array(S.object([
                ("change_id", S.string), ("status", S.enumeration(["applied", "duplicate", "rejected"])),
                ("reason", S.nullable("string")), ("message", S.nullable("string")),
            ], required: ["change_id", "status"])))], required: ["results"])),
            ("SyncPage", S.object([("changes", S.array(S.ref("SyncChange"))), ("cursor", S.string), ("has_more", S.boolean)],
                                  required: ["changes", "cursor", "has_more"])),
        ]
    }()
}
