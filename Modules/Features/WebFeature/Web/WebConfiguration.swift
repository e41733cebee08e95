import Core

/// How the web app learns what the network in front of it is.
///
/// TLS is known from a reverse proxy: a request whose socket address is one of
/// `trustedProxies` and that carries `X-Forwarded-Proto: https` came over TLS, and its
/// `X-Forwarded-For` names the client. From any other address those headers are ignored (a
/// client could send them itself). `alwaysSecure` marks every cookie `Secure` whatever the
/// request says (a deployment that is only ever reached over TLS).
public struct WebConfiguration: Sendable {
    public var trustedProxies: Set<String>
    public var alwaysSecure: Bool

    public init(trustedProxies: Set<String> = ["127.0.0.1", "::1"], alwaysSecure: Bool = false) {
        self.trustedProxies = trustedProxies
        self.alwaysSecure = alwaysSecure
    }

    /// `TEND_TRUSTED_PROXIES` (comma-separated addresses; default the loopback addresses,
    /// empty for none) and `TEND_SECURE_COOKIES=1`.
    public static func fromEnvironment(_ environment: [String: String]) -> WebConfiguration {
        var configuration = WebConfiguration()
        if let list = environment["TEND_TRUSTED_PROXIES"] {
            configuration.trustedProxies = Set(list.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty })
        }
        configuration.alwaysSecure = environment["TEND_SECURE_COOKIES"] == "1"
        return configuration
    }
}
