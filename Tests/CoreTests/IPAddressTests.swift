import Testing
@testable import Core

/// Every spelling of an address that glibc's resolver and libcurl's URL parser accept reads as
/// that address; what they refuse reads as no address (a name). The IPv4 rows were checked
/// against glibc 2.36's `getaddrinfo(AI_NUMERICHOST)` and `inet_aton` and libcurl 7.88's `curl_url`.
@Suite("IP addresses in every spelling")
struct IPAddressTests {
    @Test("IPv4 spellings", arguments: [
        ("169.254.169.254", "169.254.169.254"),
        ("2852039166", "169.254.169.254"),              // one decimal number
        ("0xa9fea9fe", "169.254.169.254"),              // one hex number
        ("0XA9FEA9FE", "169.254.169.254"),
        ("0251.0376.0251.0376", "169.254.169.254"),     // octal parts
        ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),     // hex parts
        ("169.254.43518", "169.254.169.254"),           // a.b.c with c 16 bits
        ("169.16689662", "169.254.169.254"),            // a.b with b 24 bits
        ("169.254.0xa9fe", "169.254.169.254"),
        ("0000000177.1", "127.0.0.1"),
        ("00000000000000000000000000000177.0.0.1", "127.0.0.1"),
        ("0x00000007f.1", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("0x0", "0.0.0.0"),
        ("00", "0.0.0.0"),
        ("1", "0.0.0.1"),
        ("4294967295", "255.255.255.255"),
        ("1.16777215", "1.255.255.255"),
        ("1.2.65535", "1.2.255.255"),
    ])
    func ipv4(_ text: String, _ dotted: String) {
        #expect(IPAddress(text)?.description == dotted, "\(text)")
    }

    @Test("not IPv4: names", arguments: [
        "0x", "0x.0", "08", "09.1", "0xg", "1.2.3.4.", "1.2.3.4.5", "4294967296", "0x100000000", "1.16777216", "1.2.65536",
        "256.1", "1..2.3", ".1.2.3", "-1", "+1", "1e1", "99999999999999999999", "0x7fffffffffffffff01", "1.2.3.4 ", "", "ntfy.sh",
    ])
    func notIPv4(_ text: String) {
        #expect(IPAddress(text) == nil, "\(text)")
    }

    @Test("IPv6 spellings", arguments: [
        ("::1", "::1"),
        ("::", "::"),
        ("fe80::1%eth0", "fe80::1"),
        ("FE80:0:0:0:0:0:0:1", "fe80::1"),
        ("::ffff:169.254.169.254", "::ffff:a9fe:a9fe"),
        ("0:0:0:0:0:ffff:169.254.169.254", "::ffff:a9fe:a9fe"),
        ("64:ff9b::169.254.169.254", "64:ff9b::a9fe:a9fe"),
        ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
        ("1::2:3:4:5:6:7", "1:0:2:3:4:5:6:7"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
        ("fd00:ec2::254", "fd00:ec2::254"),
    ])
    func ipv6(_ text: String, _ canonical: String) {
        #expect(IPAddress(text)?.description == canonical, "\(text)")
    }

    @Test("not IPv6", arguments: [
        ":::", "1:::2", "1::2::3", ":1::", "1:", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::", "12345::", "g::", "::1.2.3",
        "1.2.3.4::", "::256.1.1.1", "1:2:3:4:5:6:7",
    ])
    func notIPv6(_ text: String) {
        #expect(IPAddress(text) == nil, "\(text)")
    }

    @Test func bytesRoundTrip() {
        #expect(IPAddress(bytes: [169, 254, 169, 254]) == .v4(0xA9FE_A9FE))
        #expect(IPAddress(bytes: [169, 254, 169, 254])?.bytes == [169, 254, 169, 254])
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        let v6 = IPAddress("fe80::1")
        #expect(v6.flatMap { IPAddress(bytes: $0.bytes) } == v6)
    }
}
