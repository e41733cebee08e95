import Core

/// Where a notification channel (an ntfy server, a webhook) must never connect: a request the
/// server makes on a user's behalf there could read the host's cloud credentials. Decided on the
/// address's bytes, so that every spelling of it (`IPAddress` reads them all) and every IPv6 form
/// that carries an IPv4 address is decided alike. Loopback and private networks stay allowed:
/// self-hosted ntfy is common.
///
/// The same function decides when a channel is added (a literal address in its URL), before each
/// delivery (every address its host name resolves to) and on every socket libcurl opens.
public enum ChannelAddressRule {
    public enum Refusal: String, Sendable, Equatable {
        case linkLocal = "a link-local address"
        case cloudMetadata = "a cloud metadata address"
    }

    /// IPv4 networks refused, as (network, prefix length, why).
    public static let ipv4Networks: [(network: UInt32, prefix: Int, refusal: Refusal)] = [
        // 169.254.0.0/16: link-local. The metadata of AWS, GCP, Azure, Oracle, DigitalOcean and
        // OpenStack (169.254.169.254), Tencent (169.254.0.23), AWS ECS task credentials (169.254.170.2).
        (0xA9FE_0000, 16, .linkLocal),
        (0x6464_64C8, 32, .cloudMetadata), // 100.100.100.200: Alibaba Cloud metadata
        (0xA83F_8110, 32, .cloudMetadata), // 168.63.129.16: Azure WireServer
    ]

    /// IPv6 networks refused, as (the network's first bytes, prefix length, why).
    public static let ipv6Networks: [(network: [UInt8], prefix: Int, refusal: Refusal)] = [
        ([0xFE, 0x80], 10, .linkLocal),                    // fe80::/10
        ([0xFD, 0x00, 0x0E, 0xC2], 32, .cloudMetadata),    // fd00:ec2::/32: AWS metadata (::254), DNS, time
    ]

    /// Host names of cloud metadata services (they resolve to a refused address inside the cloud;
    /// refused by name too, so that the check does not depend on where it runs).
    public static let metadataNames: Set<String> = [
        "metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal",
        "metadata.tencentyun.com", "metadata.azure.com",
    ]

    /// Why a channel must never connect to `address`, or nil when it may.
    public static func refusal(for address: IPAddress) -> Refusal? {
        switch address {
        case .v4(let value):
            return ipv4Networks.first { contains($0.network, $0.prefix, value) }?.refusal
        case .v6(let bytes):
            if let rule = ipv6Networks.first(where: { contains($0.network, $0.prefix, bytes) }) { return rule.refusal }
            for embedded in embeddedIPv4(in: bytes) {
                if let refusal = refusal(for: .v4(embedded.address)) { return refusal }
            }
            return nil
        }
    }

    /// Why a channel must never connect to the host `name` (lowercase, no trailing dot), or nil.
    public static func refusal(forName name: String) -> Refusal? {
        metadataNames.contains(name) ? .cloudMetadata : nil
    }

    /// The IPv4 forms carried inside IPv6: each prefix that embeds an IPv4 address, and where.
    public enum Embedding: String, Sendable, CaseIterable {
        case mapped = "IPv4-mapped ::ffff:0:0/96"
        case compatible = "IPv4-compatible ::/96"
        case translated = "IPv4-translated ::ffff:0:0:0/96"
        case nat64 = "NAT64 64:ff9b::/96"
        case localNAT64 = "local-use NAT64 64:ff9b:1::/48"
        case sixToFour = "6to4 2002::/16"
        case teredoServer = "Teredo 2001::/32 (server)"
        case teredoClient = "Teredo 2001::/32 (client)"
        case isatap = "ISATAP ::5efe:0:0/96 interface identifier"
    }

    /// Every IPv4 address an IPv6 address may lead to: through a NAT64 gateway (the well-known
    /// prefix, and the local-use one at each prefix length RFC 6052 allows inside it), a 6to4
    /// relay, a Teredo server or client, an ISATAP tunnel, or a dual-stack socket (mapped,
    /// compatible, translated). One address may carry several candidates; all are decided.
    public static func embeddedIPv4(in bytes: [UInt8]) -> [(address: UInt32, embedding: Embedding)] {
        guard bytes.count == 16 else { return [] }
        func v4(_ indices: [Int], xor: UInt8 = 0) -> UInt32 { indices.reduce(0) { $0 << 8 | UInt32(bytes[$1] ^ xor) } }
        func zero(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0 } }
        let low = v4([12, 13, 14, 15])
        var found: [(address: UInt32, embedding: Embedding)] = []
        if zero(0..<10) && bytes[10] == 0xFF && bytes[11] == 0xFF { found.append((low, .mapped)) }
        if zero(0..<12) { found.append((low, .compatible)) }
        if zero(0..<8) && bytes[8] == 0xFF && bytes[9] == 0xFF && zero(10..<12) { found.append((low, .translated)) }
        if bytes[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { found.append((low, .nat64)) }
        if bytes[0..<6].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) {
            // RFC 6052 §2.2: /48 → bytes 6, 7, 9, 10; /56 → 7, 9, 10, 11; /64 → 9–12; /96 → 12–15
            // (byte 8 is always zero). The operator picks the length: every one is a candidate.
            for indices in [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], [12, 13, 14, 15]] {
                found.append((v4(indices), .localNAT64))
            }
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { found.append((v4([2, 3, 4, 5]), .sixToFour)) }
        if bytes[0..<4].elementsEqual([0x20, 0x01, 0x00, 0x00]) {
            found.append((v4([4, 5, 6, 7]), .teredoServer))
            found.append((v4([12, 13, 14, 15], xor: 0xFF), .teredoClient))
        }
        if (bytes[8] | 0x02) == 0x02 && bytes[9] == 0 && bytes[10] == 0x5E && bytes[11] == 0xFE { found.append((low, .isatap)) }
        return found
    }

    private static func contains(_ network: UInt32, _ prefix: Int, _ value: UInt32) -> Bool {
        let mask: UInt32 = prefix == 0 ? 0 : ~0 << UInt32(32 - prefix)
        return value & mask == network & mask
    }

    private static func contains(_ network: [UInt8], _ prefix: Int, _ bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        var bits = prefix
        for (index, byte) in network.enumerated() where bits > 0 {
            let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
            guard bytes[index] & mask == byte & mask else { return false }
            bits -= 8
        }
        return true
    }
}
