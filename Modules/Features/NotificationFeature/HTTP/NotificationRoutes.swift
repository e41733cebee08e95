import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/notifications/…`: channels, quiet hours, a test, and the history, per account.
public enum NotificationRoutes {
    public static func make(notifications: NotificationUseCases, zone: @escaping @Sendable (String) -> TimeZone) -> [Route] {
        typealias S = OpenAPISchema
        @Sendable func me(_ request: HTTPRequest) -> String { request.accountID ?? "" }
        return [
            Route("GET", "/v1/notifications/channels", operation: OpenAPIOperation(
                summary: "Your channels (never their tokens or secrets)", tag: "notifications",
                responses: [("200", S.jsonResponse("The channels", S.ref("ChannelList")))]
            )) { request in
                try .json(ChannelList(channels: try notifications.channels(ownerID: me(request)).map { ChannelJSON($0, zone: zone(me(request))) }))
            },
            Route("POST", "/v1/notifications/channels", operation: OpenAPIOperation(
                summary: "Add an ntfy topic or a webhook (a webhook's signing secret is in this response only)", tag: "notifications",
                requestBody: S.jsonBody(S.ref("ChannelInput")), responses: [("201", S.jsonResponse("The channel", S.ref("CreatedChannel")))]
            )) { request in
                let body = try request.decode(ChannelBody.self)
                guard let kind = ChannelKind(rawValue: body.kind) else {
                    throw AppError.invalidInput("kind must be ntfy or webhook", code: "invalid_kind")
                }
                let channel = try notifications.addChannel(ownerID: me(request), kind: kind, url: body.url, token: body.token)
                return try .json(CreatedChannelJSON(channel), status: 201)
            },
            Route("DELETE", "/v1/notifications/channels/{id}", operation: OpenAPIOperation(
                summary: "Remove a channel", tag: "notifications", parameters: [S.pathParameter("id", "The channel's id")],
                responses: [("204", S.emptyResponse("Removed"))]
            )) { request in
                try notifications.removeChannel(ownerID: me(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("PUT", "/v1/notifications/quiet-hours", operation: OpenAPIOperation(
                summary: "Quiet hours: notifications due then wait until they end (insulin reminders do not)", tag: "notifications",
                requestBody: S.jsonBody(S.ref("QuietHours")), responses: [("200", S.jsonResponse("Saved", S.ref("QuietHours")))]
            )) { request in
                let body = try request.decode(QuietHoursBody.self)
                guard let from = LocalTime(body.from), let to = LocalTime(body.to) else {
                    throw AppError.invalidInput("from and to must be HH:MM", code: "invalid_time")
                }
                return try .json(QuietHoursJSON(try notifications.setQuietHours(ownerID: me(request), from: from, to: to)))
            },
            Route("GET", "/v1/notifications/quiet-hours", operation: OpenAPIOperation(
                summary: "Your quiet hours", tag: "notifications", responses: [("200", S.jsonResponse("The hours", S.ref("QuietHours")))]
            )) { request in
                try .json(QuietHoursJSON(notifications.currentQuietHours(ownerID: me(request))))
            },
            Route("POST", "/v1/notifications/test", operation: OpenAPIOperation(
                summary: "Send a test notification to every channel now", tag: "notifications",
                responses: [("202", S.jsonResponse("Queued", S.ref("Notification")))]
            )) { request in
                try .json(NotificationJSON(try notifications.sendTest(ownerID: me(request)), zone: zone(me(request))), status: 202)
            },
            Route("GET", "/v1/notifications", operation: OpenAPIOperation(
                summary: "Your notifications, newest first", tag: "notifications",
                parameters: [S.queryParameter("state", "pending, sent, failed or cancelled", S.enumeration(NotificationState.allCases.map(\.rawValue)))],
                responses: [("200", S.jsonResponse("The notifications", S.ref("NotificationList")))]
            )) { request in
                var state: NotificationState?
                if let text = request.query["state"] {
                    guard let value = NotificationState(rawValue: text) else {
                        throw AppError.invalidInput("state must be pending, sent, failed or cancelled", code: "invalid_state")
                    }
                    state = value
                }
                let list = try notifications.history(ownerID: me(request), state: state)
                return try .json(NotificationList(notifications: list.map { NotificationJSON($0, zone: zone(me(request))) }))
            },
        ]
    }

    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let notification = S.object([
            ("id", S.string), ("rule", S.enumeration(NotificationRule.allCases.map(\.rawValue))), ("title", S.string), ("body", S.string),
            ("state", S.enumeration(NotificationState.allCases.map(\.rawValue))), ("attempts", S.integer), ("due_at", S.dateTime),
            ("sent_at", S.nullable("string")), ("last_error", S.nullable("string")),
        ], required: ["id", "rule", "title", "body", "state", "attempts", "due_at", "sent_at", "last_error"])
        let channel = S.object([("id", S.string), ("handle", S.string), ("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string), ("has_token", S.boolean),
                                ("created_at", S.dateTime)], required: ["id", "handle", "kind", "url", "has_token", "created_at"])
        return [
            ("Notification", notification),
            ("NotificationList", S.object([("notifications", S.array(notification))], required: ["notifications"])),
            ("ChannelInput", S.object([("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string), ("token", S.string)],
                                      required: ["kind", "url"], closed: false)),
            ("CreatedChannel", S.object([("id", S.string), ("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string), ("secret", S.nullable("string"))],
                                        required: ["id", "kind", "url", "secret"])),
            ("Channel", channel),
            ("ChannelList", S.object([("channels", S.array(channel))], required: ["channels"])),
            ("QuietHours", S.object([("from", S.timeOfDay), ("to", S.timeOfDay)], required: ["from", "to"], closed: false)),
        ]
    }()
}
