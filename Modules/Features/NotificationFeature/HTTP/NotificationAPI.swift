import Core
import Domain
import HTTP

/// The notification endpoints, declared once: `NotificationRoutes` serves them and `tend notify`
/// calls them, logged in, through `ServerClient.call`.
enum NotificationAPI {
    static let channels = Endpoint("GET", "/v1/notifications/channels", answer: .json(ChannelList.self))
    static let addChannel = Endpoint("POST", "/v1/notifications/channels", body: .json(ChannelBody.self),
                                            answer: .json(CreatedChannelJSON.self, status: 201))
    static let removeChannel = Endpoint("DELETE", "/v1/notifications/channels/{id}", parameters: ItemID.self, answer: .none)
    static let setQuietHours = Endpoint("PUT", "/v1/notifications/quiet-hours", body: .json(QuietHoursBody.self),
                                               answer: .json(QuietHoursJSON.self))
    static let quietHours = Endpoint("GET", "/v1/notifications/quiet-hours", answer: .json(QuietHoursJSON.self))
    static let test = Endpoint("POST", "/v1/notifications/test", answer: .json(NotificationJSON.self, status: 202))
    static let history = Endpoint("GET", "/v1/notifications", parameters: StateQuery.self, answer: .json(NotificationList.self))

    /// Every endpoint, as `METHOD /pattern`, in the order the routes are served.
    static let signatures = [
        channels.signature, addChannel.signature, removeChannel.signature, setQuietHours.signature, quietHours.signature,
        test.signature, history.signature,
    ]
}

/// `?state=pending`: only the notifications in that state.
struct StateQuery: EndpointParameters, Equatable {
    var state: NotificationState?

    init(_ state: NotificationState?) { self.state = state }

    init(path: [String: String], query: [String: String]) throws {
        guard let text = query["state"] else { return }
        guard let value = NotificationState(rawValue: text) else {
            throw AppError.invalidInput("state must be pending, sent, failed or cancelled", code: "invalid_state")
        }
        state = value
    }

    var queryItems: [(name: String, value: String)] { state.map { [("state", $0.rawValue)] } ?? [] }
}
