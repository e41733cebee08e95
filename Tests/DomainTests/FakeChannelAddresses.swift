import Domain

/// The channel rules' stand-in for `Notifications`' address parser (tested with every literal
/// form in `NotificationsTests`): an http(s) URL's host, and 169.254.x.x or a metadata name
/// refused.
struct FakeChannelAddresses: ChannelAddressPolicy {
    func host(of url: String) -> String? {
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return nil }
        let host = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != ":" && $0 != "?" }
        return host.isEmpty ? nil : String(host)
    }

    func isForbidden(host: String) -> Bool {
        host.hasPrefix("169.254.") || host == "metadata.google.internal"
    }
}
