import FoundationEssentials
import Client
import Core
import Domain

/// A channel URL read the way libcurl, which delivers to it, reads it — so that the check and
/// the connection agree on where it leads:
///
/// - the authority ends at the first `/`, `?` or `#`; user information ends at `@` (a second
///   `@` is refused: libcurl refuses it too); an IPv6 literal is in brackets, its zone dropped;
/// - the host is percent-decoded (`%31%36%39…` is `169…`), a name that is not ASCII is mapped by
///   IDNA with libidn2 as libcurl maps it (`１２７。０。０。１` is `127.0.0.1`), lowercased, and
///   one trailing dot is dropped;
/// - what is left is an address when `inet_aton` or libcurl would read it as one (`2852039166`,
///   `0xa9fea9fe`, `0251.0376.0251.0376`, `169.254.43518`), otherwise a name to resolve.
///
/// `ChannelAddressRule` decides on the address; names are resolved and decided again before each
/// delivery (`ResolvedAddressCheck`), and libcurl's socket opener decides once more on the
/// address it is about to connect to.
public struct ChannelAddresses: ChannelAddressPolicy {
    /// A name that is not ASCII in its ASCII (ACE) form, or nil when it has none.
    public typealias IDNA = @Sendable (String) -> String?

    /// A URL's host once read: a name to resolve (ASCII, lowercase, no trailing dot) or an address.
    public enum Host: Hashable, Sendable, CustomStringConvertible {
        case name(String)
        case address(IPAddress)

        public var description: String {
            switch self {
            case .name(let name): name
            case .address(let address): address.description
            }
        }
    }

    /// Where a channel URL leads.
    public struct Target: Hashable, Sendable {
        public let host: Host
        public let port: Int
        /// Whether the name had a trailing dot: libcurl resolves it with the dot.
        public let trailingDot: Bool

        /// The name as libcurl looks it up (and as its resolve cache knows it).
        public var lookupName: String? {
            guard case .name(let name) = host else { return nil }
            return trailingDot ? name + "." : name
        }
    }

    let idna: IDNA

    /// - Parameter idna: the IDNA mapping of names that are not ASCII; libcurl's (libidn2) by default.
    public init(idna: @escaping IDNA = { CurlTransport.asciiHostName($0) }) {
        self.idna = idna
    }

    public func host(of url: String) -> String? { target(of: url)?.host.description }

    /// A host in any spelling — as `host(of:)` gives it, or as written in a URL (brackets,
    /// percent-encoding, zone) — that a channel must never reach; one that cannot be read is refused.
    public func isForbidden(host: String) -> Bool {
        guard let read = read(host: Substring(host)) else { return true }
        return refusal(for: read.host) != nil
    }

    /// Why a channel must never reach `host`, or nil.
    public func refusal(for host: Host) -> ChannelAddressRule.Refusal? {
        switch host {
        case .name(let name): ChannelAddressRule.refusal(forName: name)
        case .address(let address): ChannelAddressRule.refusal(for: address)
        }
    }

    /// The host and port of an http(s) URL, or nil when the URL is not one libcurl would send to.
    public func target(of url: String) -> Target? {
        guard url.utf8.count <= 2048,
              !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.properties.isWhitespace }),
              let separator = url.firstRange(of: "://") else { return nil }
        let defaultPort: Int
        switch url[..<separator.lowerBound].lowercased() {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return nil
        }
        let authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let atSigns = authority.split(separator: "@", omittingEmptySubsequences: false)
        guard atSigns.count <= 2, let hostAndPort = atSigns.last else { return nil }
        let hostText: Substring
        let portText: Substring
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            hostText = hostAndPort[...close]
            portText = hostAndPort[hostAndPort.index(after: close)...]
        } else {
            hostText = hostAndPort.prefix { $0 != ":" }
            portText = hostAndPort[hostText.endIndex...]
        }
        guard let port = Self.port(portText, default: defaultPort), let read = read(host: hostText) else { return nil }
        return Target(host: read.host, port: port, trailingDot: read.trailingDot)
    }

    /// Empty, `:` alone (the scheme's port) or `:` and 1–65535.
    static func port(_ text: Substring, default defaultPort: Int) -> Int? {
        if text.isEmpty || text == ":" { return defaultPort }
        let digits = text.dropFirst()
        guard text.first == ":", digits.utf8.count <= 5, digits.utf8.allSatisfy({ (48...57).contains($0) }),
              let port = Int(digits), (1...65535).contains(port) else { return nil }
        return port
    }

    /// A host as written in a URL's authority, read as libcurl reads it; nil when libcurl would
    /// not send to it (an empty name, a character no host name has, an IPv6 literal it cannot read).
    func read(host raw: Substring) -> (host: Host, trailingDot: Bool)? {
        var text = raw
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else { return nil }
            text = text.dropFirst().dropLast()
        }
        if text.contains(":") {
            // An IPv6 literal: never percent-decoded but for its zone, which is no part of the address.
            guard let bytes = IPAddress.ipv6(text.prefix { $0 != "%" }) else { return nil }
            return (.address(.v6(bytes)), false)
        }
        guard raw.first != "[", let decoded = Self.percentDecoded(text),
              !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var name: String
        if decoded.utf8.allSatisfy({ $0 < 0x80 }) {
            name = decoded.lowercased()
        } else {
            guard let ascii = idna(decoded), ascii.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            name = ascii.lowercased()
        }
        let trailingDot = name.hasSuffix(".")
        if trailingDot { name.removeLast() }
        if let value = IPAddress.ipv4(Substring(name)) { return (.address(.v4(value)), trailingDot) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 253,
              labels.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isNameByte) }) else { return nil }
        return (.name(name), trailingDot)
    }

    /// Letters, digits, `-` and `_` (names in use have them; libcurl refuses most others).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// `%XX` decoded (UTF-8 when the bytes are), or nil for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = utf8.index(after: index)
                continue
            }
            let high = utf8.index(after: index)
            guard high < utf8.endIndex else { return nil }
            let low = utf8.index(after: high)
            guard low < utf8.endIndex, let value = Hex.decode(String(decoding: [utf8[high], utf8[low]], as: UTF8.self))?.first else {
                return nil
            }
            bytes.append(value)
            index = utf8.index(after: low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
