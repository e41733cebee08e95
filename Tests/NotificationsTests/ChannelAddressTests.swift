import Testing
import Core
import Domain
import Client
@testable import Notifications

/// The channel URL rule with the address reader `Composition` gives it: http(s) only, never
/// link-local or a cloud metadata address, in any spelling libcurl and the resolver accept
/// (percent-encoded, IDNA-mapped, decimal, octal, hex, short IPv4, IPv6 embeddings).
@Suite("Channel addresses")
struct ChannelAddressTests {
    let addresses = ChannelAddresses()

    @Test("accepted URLs", arguments: [
        "https://ntfy.sh/topic",
        "HTTPS://NTFY.SH/topic",
        "http://127.0.0.1:8080/x",
        "http://0x7f.1:8080/x",
        "http://localhost:8080/x",
        "http://192.168.1.5/hook",
        "http://[::1]/x",
        "http://[::ffff:192.168.1.5]/x",
        "http://[64:ff9b::8.8.8.8]/x",
        "http://ntfy.example.org:8443/t?x=1",
        "http://ntfy.example.org./t",
        "http://10.0.0.2/hook",
        "https://user:pass@ntfy.example.org/t",
        "http://%6e%74%66%79.sh/topic",
        "http://xn--bcher-kva.example/",
        "http://bücher.example/",
        "http://ntfy.sh:/x",
    ])
    func accepted(_ url: String) throws {
        try ChannelURL.validate(url, addresses: addresses)
    }

    @Test("refused URLs: invalid_channel_url", arguments: [
        // Not an http(s) URL libcurl would send to.
        "ftp://x", "javascript:alert(1)", "http://", "http:///x", "https://ntfy.sh/my topic", " https://ntfy.sh/topic", "",
        "http://a@b@ntfy.sh/", "http://[1.2.3.4]/", "http://ntfy.sh:99999/", "http://ntfy.sh:0/", "http://ntfy.sh:abc/",
        "http://%zz/", "http://%00ntfy.sh/", "http://ntfy%2esh%3a80/", "http://[fe80::1/",
        // Link-local and metadata, as written.
        "http://169.254.169.254/latest", "http://169.254.1.1", "http://[fe80::1]/", "http://[fe80::1%25eth0]/",
        "http://100.100.100.200/latest/meta-data", "http://168.63.129.16/machine?comp=goalstate", "http://[fd00:ec2::254]/latest",
        "http://metadata.google.internal/", "http://METADATA.GOOGLE.INTERNAL./", "http://user@169.254.169.254/",
        // Other IPv4 spellings.
        "http://2852039166/", "http://0xA9FEA9FE/", "http://0251.0376.0251.0376/", "http://169.254.43518/", "http://169.254.169.254./",
        "http://1684301000/", "http://0x64.0x64.0x64.0xc8/", "http://168.4161808/",
        // Percent-encoded and IDNA-mapped hosts.
        "http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "http://169%2e254%2e169%2e254/", "http://%30x%61%39fea9fe/",
        "http://１６９。２５４。１６９。２５４/", "http://%EF%BC%91%EF%BC%96%EF%BC%99.254.169.254/", "http://①⓪⓪.100.100.200/",
        "http://ＭＥＴＡＤＡＴＡ.google.internal/",
        // IPv6 that carries a refused IPv4 address.
        "http://[::ffff:169.254.169.254]/", "http://[::ffff:a9fe:a9fe]/latest", "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
        "http://[::169.254.169.254]/", "http://[::ffff:0:a9fe:a9fe]/", "http://[64:ff9b::a9fe:a9fe]/",
        "http://[64:ff9b::169.254.169.254]/", "http://[64:ff9b::100.100.100.200]/", "http://[64:ff9b:1::a9fe:a9fe]/",
        "http://[2002:a9fe:a9fe::1]/", "http://[2001:0:4136:e378:8000:63bf:5601:5601]/", "http://[2001:db8::5efe:a9fe:a9fe]/",
    ])
    func refused(_ url: String) {
        let error = #expect(throws: AppError.self) { try ChannelURL.validate(url, addresses: addresses) }
        #expect(error?.code == "invalid_channel_url", "\(url)")
        #expect(error?.kind == .invalidInput)
    }

    @Test("a URL's host as libcurl will read it", arguments: [
        ("http://[FE80::1%25eth0]:8080/x", "fe80::1"),
        ("https://user@ntfy.example.org./t", "ntfy.example.org"),
        ("http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "169.254.169.254"),
        ("http://x:pw@0177.1/", "127.0.0.1"),
        ("http://169.254.169.254\\@ntfy.sh/", "ntfy.sh"),
        ("http://ntfy.sh#@169.254.169.254/", "ntfy.sh"),
        ("http://ntfy.sh?@169.254.169.254/", "ntfy.sh"),
        ("http://ＡＢＣ.example/", "abc.example"),
        ("http://bücher.example/", "xn--bcher-kva.example"),
        ("http://１２７。０。０。１/", "127.0.0.1"),
        ("http://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe"),
    ])
    func hosts(_ url: String, _ host: String) {
        #expect(addresses.host(of: url) == host, "\(url)")
    }

    /// libcurl's own URL parser (`curl_url`) reads the same host from each URL, or refuses it
    /// too. Its host is taken on as libcurl takes it on: an IPv6 literal without brackets, IDNA
    /// and the resolver's IPv4 forms as at connection time.
    @Test("libcurl's URL parser reads the same host", arguments: [
        "http://ntfy.sh/x", "http://NTFY.sh:8080/x", "http://u:p@ntfy.sh/", "http://169.254.169.254\\@ntfy.sh/",
        "http://ntfy.sh#@169.254.169.254/", "http://ntfy.sh?@169.254.169.254/", "http://ntfy.sh./",
        "http://%31%36%39.%32%35%34.%31%36%39.%32%35%34/", "http://169%2e254%2e169%2e254/", "http://%30x%61%39fea9fe/",
        "http://2852039166/", "http://0251.0376.0251.0376/", "http://0xa9fea9fe/", "http://169.254.43518/", "http://0177.1/",
        "http://4294967296/", "http://1.2.3.4.5/", "http://0x.0/", "http://09.1/",
        "http://[fe80::1%25eth0]/", "http://[64:ff9b::a9fe:a9fe]/", "http://[::ffff:169.254.169.254]/",
        "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
        "http://１２７。０。０。１/", "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "http://bücher.example/",
        "http://a@b@ntfy.sh/", "http://ntfy.sh:99999/", "http://%00ntfy.sh/", "http://ntfy.sh /", "http://[1.2.3.4]/",
    ])
    func sameAsLibcurl(_ url: String) throws {
        try #require(CurlTransport.isAvailable, "libcurl is needed for this comparison")
        let theirs = CurlTransport.urlParserHost(url).flatMap { addresses.read(host: Substring($0))?.host.description }
        #expect(addresses.host(of: url) == theirs, "\(url): libcurl reads \(CurlTransport.urlParserHost(url) ?? "nothing")")
    }

    @Test("any spelling of a host is decided alike")
    func isForbidden() {
        for host in ["169.254.169.254", "fe80::1%eth0", "fe80::1%25eth0", "[fe80::1]", "0xa9fea9fe", "%31%36%39.254.169.254",
                     "METADATA.google.internal.", "100.100.100.200", "64:ff9b::a9fe:a9fe", "[", "bad host"] {
            #expect(addresses.isForbidden(host: host), "\(host)")
        }
        for host in ["ntfy.sh", "127.0.0.1", "::1", "[::1]", "192.168.1.5"] {
            #expect(!addresses.isForbidden(host: host), "\(host)")
        }
        #expect(addresses.host(of: "ftp://x") == nil)
    }

    @Test("without an IDNA mapping a name that is not ASCII is refused, not guessed")
    func noIDNA() {
        let strict = ChannelAddresses(idna: { _ in nil })
        #expect(strict.host(of: "http://bücher.example/") == nil)
        #expect(strict.host(of: "http://ntfy.sh/") == "ntfy.sh")
    }
}
