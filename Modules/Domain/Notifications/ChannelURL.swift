import FoundationEssentials
import Core

/// Reads where a channel URL points. The formats — the URL's authority, IPv4 and IPv6 literals
/// in every form a resolver accepts, the cloud metadata names — live in `Notifications`
/// (`ChannelAddresses`), so that the check when a channel is added and the check of the resolved
/// addresses before each delivery use one parser.
public protocol ChannelAddressPolicy: Sendable {
    /// The host of an http(s) URL (brackets of an IPv6 literal removed), or nil when the text is
    /// not an http(s) URL with a host.
    func host(of url: String) -> String?
    /// Whether a host — a name or an address literal — is one a channel must never reach.
    func isForbidden(host: String) -> Bool
}

/// Where a channel may point: http(s) only, never a link-local or cloud-metadata address (a
/// server-side request there could read the host's credentials). Loopback and private networks
/// stay allowed: self-hosted ntfy is common.
public enum ChannelURL {
    public static let refusal = AppError.invalidInput(
        "url must be an http(s) URL that is not link-local or a cloud metadata address", code: "invalid_channel_url")

    public static func validate(_ text: String, addresses: any ChannelAddressPolicy) throws {
        guard let host = addresses.host(of: text), !addresses.isForbidden(host: host) else { throw refusal }
    }
}
