import Testing
import Core
import Domain

/// The channel address rule as a table: an address (written any way `IPAddress` reads) and what
/// the rule says. Refused: link-local, the cloud metadata addresses outside it, and every IPv6
/// form that carries one of them to an IPv4 address. Allowed: everything else, loopback and
/// private networks included (self-hosted ntfy).
@Suite("Channel address rule")
struct ChannelAddressRuleTests {
    typealias Refusal = ChannelAddressRule.Refusal

    @Test("refused addresses", arguments: [
        // IPv4 link-local, and the metadata addresses outside it.
        ("169.254.169.254", Refusal.linkLocal),                  // AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack
        ("169.254.0.23", .linkLocal),                            // Tencent
        ("169.254.170.2", .linkLocal),                           // AWS ECS credentials
        ("169.254.0.0", .linkLocal),
        ("169.254.255.255", .linkLocal),
        ("100.100.100.200", .cloudMetadata),                     // Alibaba
        ("168.63.129.16", .cloudMetadata),                       // Azure WireServer
        // The same in other IPv4 spellings.
        ("2852039166", .linkLocal),
        ("0251.0376.0251.0376", .linkLocal),
        ("0xa9fea9fe", .linkLocal),
        ("169.254.43518", .linkLocal),
        ("0x64.0x64.0x64.0xc8", .cloudMetadata),
        ("1684301000", .cloudMetadata),                          // 100.100.100.200 as one number
        // IPv6 link-local and AWS's IPv6 metadata.
        ("fe80::1", .linkLocal),
        ("fe80::1%eth0", .linkLocal),
        ("febf:ffff::1", .linkLocal),
        ("fd00:ec2::254", .cloudMetadata),
        ("fd00:ec2::23", .cloudMetadata),
        // IPv6 that embeds a refused IPv4 address.
        ("::ffff:169.254.169.254", .linkLocal),                  // IPv4-mapped
        ("::ffff:a9fe:a9fe", .linkLocal),
        ("::ffff:100.100.100.200", .cloudMetadata),
        ("::169.254.169.254", .linkLocal),                       // IPv4-compatible
        ("::a83f:8110", .cloudMetadata),
        ("::ffff:0:a9fe:a9fe", .linkLocal),                      // IPv4-translated (SIIT)
        ("64:ff9b::169.254.169.254", .linkLocal),                // NAT64, well-known prefix
        ("64:ff9b::a9fe:a9fe", .linkLocal),
        ("64:ff9b::6464:64c8", .cloudMetadata),
        ("64:ff9b:1::a9fe:a9fe", .linkLocal),                    // local-use NAT64 /96
        ("64:ff9b:1:a9fe:a9:fe00::", .linkLocal),                // local-use NAT64 /48: bytes 6, 7, 9, 10
        ("64:ff9b:1:a9:fe:a9fe::", .linkLocal),                  // /56: bytes 7, 9, 10, 11
        ("64:ff9b:1:0:a9:fea9:fe00:0", .linkLocal),              // /64: bytes 9–12
        ("2002:a9fe:a9fe::1", .linkLocal),                       // 6to4
        ("2002:a83f:8110:1::", .cloudMetadata),
        ("2001:0:a9fe:a9fe::1", .linkLocal),                     // Teredo server
        ("2001:0:4136:e378:8000:63bf:5601:5601", .linkLocal),    // Teredo client: 169.254.169.254 inverted
        ("2001:db8::5efe:a9fe:a9fe", .linkLocal),                // ISATAP interface identifier
        ("2001:db8::200:5efe:169.254.169.254", .linkLocal),
    ])
    func refused(_ text: String, _ refusal: Refusal) throws {
        let address = try #require(IPAddress(text), "\(text)")
        #expect(ChannelAddressRule.refusal(for: address) == refusal, "\(text)")
    }

    @Test("allowed addresses", arguments: [
        "127.0.0.1", "10.0.0.2", "192.168.1.5", "172.16.0.1", "100.64.0.1", "100.100.100.199", "100.100.100.201",
        "168.63.129.15", "169.253.255.255", "169.255.0.0", "8.8.8.8", "0.0.0.0",
        "::1", "::", "fd00::1", "fd00:ec3::254", "fec0::1", "fe7f::1", "fec0::", "2606:4700:4700::1111",
        "::ffff:127.0.0.1", "::ffff:192.168.1.5", "64:ff9b::8.8.8.8", "64:ff9b:1::808:808", "2002:c0a8:105::1",
        "2001:0:808:808::1", "2001:db8::1",
    ])
    func allowed(_ text: String) throws {
        let address = try #require(IPAddress(text), "\(text)")
        #expect(ChannelAddressRule.refusal(for: address) == nil, "\(text)")
    }

    @Test("each IPv6 embedding is read where its standard puts the IPv4 address")
    func embeddings() throws {
        func embedded(_ text: String) throws -> [String] {
            let bytes = try #require(IPAddress(text)).bytes
            return ChannelAddressRule.embeddedIPv4(in: bytes).map { "\($0.embedding.rawValue): \(IPAddress.dotted($0.address))" }
        }
        #expect(try embedded("::ffff:1.2.3.4") == ["IPv4-mapped ::ffff:0:0/96: 1.2.3.4"])
        #expect(try embedded("::1.2.3.4") == ["IPv4-compatible ::/96: 1.2.3.4"])
        #expect(try embedded("64:ff9b::1.2.3.4") == ["NAT64 64:ff9b::/96: 1.2.3.4"])
        #expect(try embedded("2002:102:304::") == ["6to4 2002::/16: 1.2.3.4"])
        #expect(try embedded("2001:0:102:304::fefd:fcfb") == ["Teredo 2001::/32 (server): 1.2.3.4", "Teredo 2001::/32 (client): 1.2.3.4"])
        #expect(try embedded("2606:4700:4700::1111").isEmpty)
    }

    @Test func metadataNames() {
        #expect(ChannelAddressRule.refusal(forName: "metadata.google.internal") == .cloudMetadata)
        #expect(ChannelAddressRule.refusal(forName: "metadata") == .cloudMetadata)
        #expect(ChannelAddressRule.refusal(forName: "ntfy.sh") == nil)
    }
}
