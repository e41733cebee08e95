import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/notifications/…`: channels, quiet hours, a test, and the history, per account — the
/// routes of `NotificationAPI`'s endpoints.
public enum NotificationRoutes {
    public static func make(notifications: NotificationUseCases, zone: @escaping @Sendable (String) -> TimeZone) -> [Route] {
        NotificationController(notifications: notifications, zone: zone).routes
    }

    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        let notification = S.object([
            ("id", S.string), ("rule", S.enumeration(NotificationRule.allCases.map(\.rawValue))), ("title", S.string), ("body", S.string),
            ("state", S.enumeration(NotificationState.allCases.map(\.rawValue))), ("attempts", S.integer), ("due_at", S.dateTime),
            ("sent_at", S.nullable("string")), ("last_error", S.nullable("string")),
        ], required: ["id", "rule", "title", "body", "state", "attempts", "due_at", "sent_at", "last_error"])
        let channel = S.object([("id", S.string), ("handle", S.string), ("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string),
                                ("has_token", S.boolean), ("created_at", S.dateTime)],
                               required: ["id", "handle", "kind", "url", "has_token", "created_at"])
        return [
            ("Notification", notification),
            ("NotificationList", S.object([("notifications", S.array(notification))], required: ["notifications"])),
            ("ChannelInput", S.object([("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string), ("token", S.string)],
                                      required: ["kind", "url"], closed: false)),
            ("CreatedChannel", S.object([("id", S.string), ("kind", S.enumeration(["ntfy", "webhook"])), ("url", S.string),
                                         ("secret", S.nullable("string"))],
                                        required: ["id", "kind", "url", "secret"])),
            ("Channel", channel),
            ("ChannelList", S.object([("channels", S.array(channel))], required: ["channels"])),
            ("QuietHours", S.object([("from", S.timeOfDay), ("to", S.timeOfDay)], required: ["from", "to"], closed: false)),
        ]
    }()
}

/// The notification endpoints on the notification use cases: one method per endpoint.
struct NotificationController: Sendable {
    let notifications: NotificationUseCases
    /// An account's time zone, for the times in the answers.
    let zone: @Sendable (String) -> TimeZone

    var routes: [Route] {
        typealias S = OpenAPISchema
        return [
            Route(NotificationAPI.channels, operation: OpenAPIOperation(
                summary: "Your channels (never their tokens or secrets)", tag: "notifications",
                responses: [("200", S.jsonResponse("The channels", S.ref("ChannelList")))]
            ), handler: channels),
            Route(NotificationAPI.addChannel, operation: OpenAPIOperation(
                summary: "Add an ntfy topic or a webhook (a webhook's signing secret is in this response only)", tag: "notifications",
                requestBody: S.jsonBody(S.ref("ChannelInput")), responses: [("201", S.jsonResponse("The channel", S.ref("CreatedChannel")))]
            ), handler: addChannel),
            Route(NotificationAPI.removeChannel, operation: OpenAPIOperation(
                summary: "Remove a channel", tag: "notifications", parameters: [S.pathParameter("id", "The channel's id")],
                responses: [("204", S.emptyResponse("Removed"))]
            ), handler: removeChannel),
            Route(NotificationAPI.setQuietHours, operation: OpenAPIOperation(
                summary: "Quiet hours: notifications due then wait until they end (insulin reminders do not)", tag: "notifications",
                requestBody: S.jsonBody(S.ref("QuietHours")), responses: [("200", S.jsonResponse("Saved", S.ref("QuietHours")))]
            ), handler: setQuietHours),
            Route(NotificationAPI.quietHours, operation: OpenAPIOperation(
                summary: "Your quiet hours", tag: "notifications", responses: [("200", S.jsonResponse("The hours", S.ref("QuietHours")))]
            ), handler: quietHours),
            Route(NotificationAPI.test, operation: OpenAPIOperation(
                summary: "Send a test notification to every channel now", tag: "notifications",
                responses: [("202", S.jsonResponse("Queued", S.ref("Notification")))]
            ), handler: test),
            Route(NotificationAPI.history, operation: OpenAPIOperation(
                summary: "Your notifications, newest first", tag: "notifications",
                parameters: [S.queryParameter("state", "pending, sent, failed or cancelled",
                                              S.enumeration(NotificationState.allCases.map(\.rawValue)))],
                responses: [("200", S.jsonResponse("The notifications", S.ref("NotificationList")))]
            ), handler: history),
        ]
    }

    func channels(_ call: Received<NoParameters, NoBody>) throws -> ChannelList {
        ChannelList(channels: try notifications.channels(ownerID: call.accountID).map { ChannelJSON($0, zone: zone(call.accountID)) })
    }

    func addChannel(_ call: Received<NoParameters, ChannelBody>) throws -> CreatedChannelJSON {
        guard let kind = ChannelKind(rawValue: call.body.kind) else {
            throw AppError.invalidInput("kind must be ntfy or webhook", code: "invalid_kind")
        }
        let created = try notifications.addChannel(ownerID: call.accountID, kind: kind, url: call.body.url, token: call.body.token)
        return CreatedChannelJSON(created)
    }

    func removeChannel(_ call: Received<ItemID, NoBody>) throws -> NoAnswer {
        try notifications.removeChannel(ownerID: call.accountID, id: call.parameters.id)
        return NoAnswer()
    }

    func setQuietHours(_ call: Received<NoParameters, QuietHoursBody>) throws -> QuietHoursJSON {
        guard let from = LocalTime(call.body.from), let to = LocalTime(call.body.to) else {
            throw AppError.invalidInput("from and to must be HH:MM", code: "invalid_time")
        }
        return QuietHoursJSON(try notifications.setQuietHours(ownerID: call.accountID, from: from, to: to))
    }

    func quietHours(_ call: Received<NoParameters, NoBody>) throws -> QuietHoursJSON {
        QuietHoursJSON(notifications.currentQuietHours(ownerID: call.accountID))
    }

    func test(_ call: Received<NoParameters, NoBody>) throws -> NotificationJSON {
        NotificationJSON(try notifications.sendTest(ownerID: call.accountID), zone: zone(call.accountID))
    }

    func history(_ call: Received<StateQuery, NoBody>) throws -> NotificationList {
        let list = try notifications.history(ownerID: call.accountID, state: call.parameters.state)
        return NotificationList(notifications: list.map { NotificationJSON($0, zone: zone(call.accountID)) })
    }
}
