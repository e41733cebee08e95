import FoundationEssentials
import Console
import Core

/// The address of a Nightscout site as `tend glucose pull --nightscout` takes it: http(s), a
/// host, an optional port and path (a site under a sub-path), nothing else. A credential in
/// the URL (`https://SECRET@host`, as xDrip+ writes it, or `?token=`) is refused rather than
/// used: the URL is the cursor's key in the database and may be shown, the secret never.
struct NightscoutSiteURL: Sendable, Equatable {
    /// `scheme://host[:port][/path]`: lower-case scheme and host, no default port, no trailing
    /// `/` or `/api/v1`. The key of the site's cursor and the base of every request.
    let base: String

    init(_ text: String) throws {
        let refusal = UsageError("--nightscout must be the site's http(s) address, e.g. https://my-site.example.org (got \(text.printable))")
        let trimmed = text.trimmed
        guard let separator = trimmed.firstRange(of: "://") else { throw refusal }
        let scheme = trimmed[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw refusal }
        let rest = trimmed[separator.upperBound...]
        guard !rest.isEmpty, rest.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { throw refusal }
        guard !rest.contains("?"), !rest.contains("#") else {
            throw UsageError("--nightscout takes the site's address without a query: give a token in NIGHTSCOUT_TOKEN")
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@") else {
            throw UsageError("--nightscout takes the site's address without a secret in it: give it in NIGHTSCOUT_API_SECRET")
        }
        var host = String(authority)
        var port: String?
        if host.hasPrefix("[") { // an IPv6 literal
            guard let close = host.firstIndex(of: "]") else { throw refusal }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw refusal }
                port = String(after.dropFirst())
            }
            host = String(host[...close])
        } else if let colon = host.lastIndex(of: ":") {
            port = String(host[host.index(after: colon)...])
            host = String(host[..<colon])
        }
        let hostCharacters = host.hasPrefix("[") ? "0123456789abcdefABCDEF:.[]" : "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_"
        guard !host.isEmpty, host.allSatisfy({ hostCharacters.contains($0) }) else { throw refusal }
        if let text = port {
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), (1...65535).contains(number) else { throw refusal }
            port = (scheme == "http" && number == 80) || (scheme == "https" && number == 443) ? nil : String(number)
        }
        var path = String(rest[authorityEnd...])
        while path.hasSuffix("/") { path.removeLast() }
        if path.lowercased().hasSuffix("/api/v1") { path.removeLast(7) }
        while path.hasSuffix("/") { path.removeLast() }
        base = scheme + "://" + host.lowercased() + (port.map { ":" + $0 } ?? "") + path
    }
}
