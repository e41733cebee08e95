import FoundationEssentials
import Core
import Domain

/// The address parsing behind Domain's channel URL rule: the host of an http(s) URL, and whether
/// a host is link-local or a cloud metadata address in any form a resolver accepts (dotted,
/// short, decimal, hex or octal IPv4; IPv6 with a zone, IPv4-mapped or -compatible, in dotted or
/// hex form). `ResolvedAddressCheck` asks the same questions of the addresses a name resolves to.
public struct ChannelAddresses: ChannelAddressPolicy {
    public init() {}

    public func host(of url: String) -> String? { Self.parseHost(url) }

    public func isForbidden(host: String) -> Bool { Self.isForbidden(host: host) }

    /// Whether a resolved address (as text) is one a channel must never reach.
    public func isForbiddenAddress(_ address: String) -> Bool { Self.isForbidden(host: address) }

    static func parseHost(_ text: String) -> String? {
        guard text.utf8.count <= 2048, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else { return nil }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") { rest = lower.dropFirst(8) } else if lower.hasPrefix("http://") { rest = lower.dropFirst(7) } else {
            return nil
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        guard !host.isEmpty else { return nil }
        if host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    static func isForbidden(host: String) -> Bool {
        if ["metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"].contains(host) { return true }
        if let v4 = ipv4(host) { return v4.0 == 169 && v4.1 == 254 }
        if host.contains(":") {
            let unzoned = host.split(separator: "%").first.map(String.init) ?? host
            guard let first = unzoned.split(separator: ":", omittingEmptySubsequences: false).first,
                  let word = UInt16(first.isEmpty ? "0" : first, radix: 16) else { return true }
            if word & 0xFFC0 == 0xFE80 { return true }                   // fe80::/10
            if unzoned.hasPrefix("fd00:ec2:") { return true }             // AWS metadata over IPv6
            // IPv4-mapped or -compatible: ::ffff:169.254.x.x, or the same in hex (::ffff:a9fe:a9fe).
            let groups = unzoned.split(separator: ":", omittingEmptySubsequences: true)
            if let tail = groups.last, let v4 = ipv4(String(tail)), tail.contains(".") {
                return v4.0 == 169 && v4.1 == 254
            }
            if groups.count >= 2, unzoned.contains("ffff") || unzoned.hasPrefix("::"),
               let high = UInt16(groups[groups.count - 2], radix: 16), UInt16(groups[groups.count - 1], radix: 16) != nil {
                return high == 0xA9FE
            }
        }
        return false
    }

    /// A dotted IPv4 address (also the short and numeric forms resolvers accept: 169.254.169.254,
    /// 2852039166, 0xA9FEA9FE).
    static func ipv4(_ host: String) -> (UInt32, UInt32)? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            let text = String(part)
            let value: UInt64?
            if text.hasPrefix("0x") || text.hasPrefix("0X") { value = UInt64(text.dropFirst(2), radix: 16) }
            else if text.count > 1 && text.hasPrefix("0") { value = UInt64(text, radix: 8) }
            else { value = UInt64(text) }
            guard let value else { return nil }
            numbers.append(value)
        }
        var address: UInt64 = 0
        for (index, number) in numbers.enumerated() {
            if index == numbers.count - 1 {
                let remaining = 4 - index
                guard number < (1 << (8 * UInt64(remaining))) else { return nil }
                address = (address << (8 * UInt64(remaining))) | number
            } else {
                guard number < 256 else { return nil }
                address = (address << 8) | number
            }
        }
        return (UInt32((address >> 24) & 0xFF), UInt32((address >> 16) & 0xFF))
    }
}
