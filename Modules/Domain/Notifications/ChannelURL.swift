import FoundationEssentials
import Core

/// Reads where a channel URL points, the way the HTTP client that delivers to it will: its host
/// percent-decoded, IDNA-mapped, lowercased, without a trailing dot, and an address in any
/// spelling the client accepts read as that address. The reading lives in `Notifications`
/// (`ChannelAddresses`, next to the client), so that the check when a channel is added and the
/// checks before each delivery use one parser; the decision is `ChannelAddressRule`'s.
public protocol ChannelAddressPolicy: Sendable {
    /// The host of an http(s) URL as the client will read it (an IPv6 literal without brackets
    /// or zone), or nil when the text is not an http(s) URL with a host the client accepts.
    func host(of url: String) -> String?
    /// Whether a host — a name or an address in any spelling — is one a channel must never reach
    /// (`ChannelAddressRule`).
    func isForbidden(host: String) -> Bool
}

/// Where a channel may point: http(s) only, never a link-local or cloud metadata address, in any
/// spelling or IPv6 embedding (`ChannelAddressRule`); a host name is resolved and checked again
/// before each delivery. Loopback and private networks stay allowed: self-hosted ntfy is common.
public enum ChannelURL {
    public static let refusal = AppError.invalidInput(
        "url must be an http(s) URL that is not link-local or a cloud metadata address", code: "invalid_channel_url")

    public static func validate(_ text: String, addresses: any ChannelAddressPolicy) throws {
        guard let host = addresses.host(of: text), !addresses.isForbidden(host: host) else { throw refusal }
    }
}
