import FoundationEssentials
import Client
import Core
import Domain

/// Delivers to ntfy (its publish API: the text as the body, `Title`, `Priority`, `Tags`
/// headers, an optional bearer token) and to webhooks (JSON, `Idempotency-Key`, and
/// `X-Tend-Signature: sha256=<HMAC-SHA256 of the body keyed with the channel's secret>`).
/// Any answer but 2xx is a failure, retried by the outbox.
public struct HTTPNotificationSender: NotificationSender {
    public typealias Signer = @Sendable (_ key: Data, _ message: Data) -> String

    let transport: any ServerTransport
    let sign: Signer
    let timeout: TimeInterval
    let desktop: @Sendable () -> DesktopNotifier?
    let addresses: ChannelAddresses
    let resolver: any HostResolver

    /// - Parameters:
    ///   - sign: HMAC-SHA256 in lower-case hex (libsodium's, from `Crypto`).
    ///   - desktop: delivers to the desktop channel of `tend remind run`.
    ///   - addresses: reads a channel URL as libcurl does.
    ///   - resolver: resolves a channel's host name before each delivery (the addresses it gives
    ///     are checked, then pinned for the connection).
    public init(transport: any ServerTransport, sign: @escaping Signer, timeout: TimeInterval = 10,
                desktop: @escaping @Sendable () -> DesktopNotifier? = { nil },
                addresses: ChannelAddresses = ChannelAddresses(), resolver: any HostResolver = SystemHostResolver()) {
        self.transport = transport
        self.sign = sign
        self.timeout = timeout
        self.desktop = desktop
        self.addresses = addresses
        self.resolver = resolver
    }

    public func deliver(_ notification: Notification, to channel: NotificationChannel) throws {
        switch channel.kind {
        case .ntfy:
            var request = ServerRequest("POST", "", body: Data(notification.body.utf8), contentType: "text/plain; charset=utf-8")
            try guardAddresses(of: &request, channel)
            request.headers = [("Title", Self.headerText(notification.title)), ("Priority", String(min(5, max(1, notification.priority)))),
                               ("X-Tend-Id", notification.id)]
            if !notification.tags.isEmpty { request.headers.append(("Tags", notification.tags.joined(separator: ","))) }
            try check(try transport.send(request, baseURL: channel.url, token: channel.token, language: nil, timeout: timeout), channel)
        case .webhook:
            let payload = WebhookPayload(id: notification.id, rule: notification.rule.rawValue, title: notification.title,
                                         body: notification.body, accountID: notification.ownerID,
                                         createdAt: ISO8601.format(notification.createdAt, in: .gmt))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let body = try encoder.encode(payload)
            var request = ServerRequest("POST", "", body: body, contentType: "application/json")
            try guardAddresses(of: &request, channel)
            request.headers = [("Idempotency-Key", notification.id),
                               ("X-Tend-Signature", "sha256=" + sign(Data((channel.secret ?? "").utf8), body))]
            try check(try transport.send(request, baseURL: channel.url, token: nil, language: nil, timeout: timeout), channel)
        case .desktop:
            guard let desktop = desktop() else { throw AppError.unavailable("no desktop session", code: "desktop_unavailable") }
            try desktop.show(notification)
        }
    }

    /// The channel's URL read and its addresses checked now (the name resolved again); the
    /// connection goes to those addresses, and every socket is checked once more.
    private func guardAddresses(of request: inout ServerRequest, _ channel: NotificationChannel) throws {
        request.pinnedAddresses = try ResolvedAddressCheck.pins(for: channel.url, addresses: addresses, resolver: resolver)
        request.refusesAddress = { ChannelAddressRule.refusal(for: $0) != nil }
    }

    private func check(_ response: ServerResponse, _ channel: NotificationChannel) throws {
        guard (200..<300).contains(response.status) else {
            throw AppError.unavailable("the \(channel.kind.rawValue) endpoint answered HTTP \(response.status)", code: "delivery_failed")
        }
    }

    /// Header values are ASCII: anything else goes as an RFC 2047 encoded word, which ntfy reads.
    static func headerText(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) { return text }
        return "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }
}

/// What a webhook receives.
struct WebhookPayload: Encodable {
    let id: String
    let rule: String
    let title: String
    let body: String
    let accountID: String
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, rule, title, body, accountID = "account_id", createdAt = "created_at"
    }
}
