import Testing
import Core
import Domain
@testable import Notifications

/// The channel URL rule with the address parser `Composition` gives it (moved from the Domain
/// tests with the parser): http(s) only, never link-local or a cloud metadata address, in any
/// literal form a resolver accepts.
@Suite("Channel addresses")
struct ChannelAddressTests {
    @Test("accepted URLs", arguments: [
        "https://ntfy.sh/topic",
        "http://127.0.0.1:8080/x",
        "http://192.168.1.5/hook",
        "http://[::1]/x",
        "http://ntfy.example.org:8443/t?x=1",
        "http://10.0.0.2/hook",
        "https://user:pass@ntfy.example.org/t",
    ])
    func accepted(_ url: String) throws {
        try ChannelURL.validate(url, addresses: ChannelAddresses())
    }

    @Test("refused URLs: invalid_channel_url", arguments: [
        "ftp://x",
        "javascript:alert(1)",
        "http://169.254.169.254/latest",
        "http://169.254.1.1",
        "http://[fe80::1]/",
        "http://[fe80::1%25eth0]/",
        "http://2852039166/",
        "http://0xA9FEA9FE/",
        "http://0251.0376.0251.0376/",
        "http://169.254.169.254./",
        "http://metadata.google.internal/",
        "http://[::ffff:169.254.169.254]/",
        "http://user@169.254.169.254/",
        "http://",
        "http:///x",
        "https://ntfy.sh/my topic",
        " https://ntfy.sh/topic",
        "",
    ])
    func refused(_ url: String) {
        let error = #expect(throws: AppError.self) { try ChannelURL.validate(url, addresses: ChannelAddresses()) }
        #expect(error?.code == "invalid_channel_url")
        #expect(error?.kind == .invalidInput)
    }

    @Test("an IPv4-mapped IPv6 metadata address in hex form is refused", arguments: [
        "http://[::ffff:a9fe:a9fe]/latest",
        "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
    ])
    func mappedHexRefused(_ url: String) {
        let error = #expect(throws: AppError.self) { try ChannelURL.validate(url, addresses: ChannelAddresses()) }
        #expect(error?.code == "invalid_channel_url")
    }

    @Test("the parser answers the rule's questions")
    func parser() {
        let addresses = ChannelAddresses()
        #expect(addresses.host(of: "http://[FE80::1%25eth0]:8080/x") == "fe80::1%25eth0")
        #expect(addresses.host(of: "https://user@ntfy.example.org./t") == "ntfy.example.org")
        #expect(addresses.host(of: "ftp://x") == nil)
        #expect(addresses.isForbidden(host: "169.254.169.254") && !addresses.isForbidden(host: "ntfy.sh"))
    }
}
