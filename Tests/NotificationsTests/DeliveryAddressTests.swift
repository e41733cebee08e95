import Foundation
import Testing
import Core
import Domain
import Client
import Synchronization
import Crypto
@testable import Notifications

/// A resolver the test controls: each name answers what the table says, any other name nothing.
/// It records the names it was asked.
final class TableResolver: HostResolver {
    let table: [String: [String]]
    let asked = Mutex<[String]>([])

    init(_ table: [String: [String]]) { self.table = table }

    func addresses(of name: String) -> [IPAddress] {
        asked.withLock { $0.append(name) }
        return (table[name] ?? []).compactMap { IPAddress($0) }
    }
}

/// Before each delivery the channel's host is resolved again and every address decided; the
/// delivery then connects to exactly those addresses (pinned for libcurl), and libcurl's socket
/// opener decides once more.
@Suite("Delivery addresses", .serialized)
struct DeliveryAddressTests {
    let addresses = ChannelAddresses()

    @Test("a name that resolves to a refused address is refused", arguments: [
        (["169.254.169.254"], "a link-local address (169.254.169.254)"),
        (["fe80::1"], "a link-local address (fe80::1)"),
        (["100.100.100.200"], "a cloud metadata address (100.100.100.200)"),
        (["168.63.129.16"], "a cloud metadata address (168.63.129.16)"),
        (["fd00:ec2::254"], "a cloud metadata address (fd00:ec2::254)"),
        (["64:ff9b::a9fe:a9fe"], "a link-local address (64:ff9b::a9fe:a9fe)"),
        (["64:ff9b:1::6464:64c8"], "a cloud metadata address (64:ff9b:1::6464:64c8)"),
        (["::ffff:169.254.169.254"], "a link-local address (::ffff:a9fe:a9fe)"),
        (["2002:a9fe:a9fe::1"], "a link-local address (2002:a9fe:a9fe::1)"),
        (["93.184.216.34", "2606:2800:220:1::", "169.254.169.254"], "a link-local address (169.254.169.254)"),
    ])
    func refusedResolutions(_ resolved: [String], _ reason: String) {
        let resolver = TableResolver(["hooks.example": resolved])
        let error = #expect(throws: AppError.self) {
            try ResolvedAddressCheck.pins(for: "https://hooks.example/x", addresses: addresses, resolver: resolver)
        }
        #expect(error?.code == "invalid_channel_url")
        #expect(error?.message == "the channel's host hooks.example resolves to \(reason)", "\(error?.message ?? "")")
    }

    @Test("a name's checked addresses are pinned; a literal is decided as it is, without a lookup")
    func pins() throws {
        let resolver = TableResolver(["ntfy.example": ["127.0.0.1", "::1"], "ntfy.example.": ["192.168.1.5"]])
        #expect(try ResolvedAddressCheck.pins(for: "http://NTFY.example:8080/t", addresses: addresses, resolver: resolver)
                == [ServerRequest.PinnedHost(host: "ntfy.example", port: 8080, addresses: [.v4(0x7F00_0001), IPAddress("::1")!])])
        // libcurl looks a name up, and keys its resolve cache, with its trailing dot.
        #expect(try ResolvedAddressCheck.pins(for: "https://ntfy.example./t", addresses: addresses, resolver: resolver)
                == [ServerRequest.PinnedHost(host: "ntfy.example.", port: 443, addresses: [IPAddress("192.168.1.5")!])])
        #expect(try ResolvedAddressCheck.pins(for: "http://10.0.0.2/x", addresses: addresses, resolver: resolver).isEmpty)
        #expect(resolver.asked.withLock { $0 } == ["ntfy.example", "ntfy.example."])

        let literal = #expect(throws: AppError.self) {
            try ResolvedAddressCheck.pins(for: "http://[64:ff9b::a9fe:a9fe]/", addresses: addresses, resolver: resolver)
        }
        #expect(literal?.message == "the channel's host 64:ff9b::a9fe:a9fe is a link-local address")
        let unresolved = #expect(throws: AppError.self) {
            try ResolvedAddressCheck.pins(for: "http://nowhere.example/", addresses: addresses, resolver: resolver)
        }
        #expect(unresolved?.code == "server_unreachable")
    }

    @Test("the system resolver reads what getaddrinfo gives")
    func systemResolver() {
        let resolved = SystemHostResolver().addresses(of: "localhost")
        #expect(resolved.contains(.v4(0x7F00_0001)) || resolved.contains(IPAddress("::1")!))
        #expect(SystemHostResolver().addresses(of: "0xa9fea9fe") == [.v4(0xA9FE_A9FE)])
    }

    /// Real deliveries over libcurl: the name exists only in the test's resolver, so reaching the
    /// receiver proves libcurl connected to the pinned address; the refused names never leave.
    @Test("deliveries go to the addresses the check saw, and never to a refused one")
    func deliveries() throws {
        let receiver = try FakeReceiver()
        defer { receiver.stop() }
        let port = receiver.server.port
        let resolver = TableResolver([
            "ntfy.test": ["127.0.0.1"], "ntfy.test.": ["127.0.0.1"], "metadata.test": ["169.254.169.254"],
            "nat64.test": ["64:ff9b::a9fe:a9fe"], "alibaba.test": ["100.100.100.200"],
        ])
        let sender = HTTPNotificationSender(transport: CurlTransport(), sign: SodiumDigest.hmacSHA256Hex,
                                            timeout: NotificationWorld.patience, resolver: resolver)
        let now = Date(timeIntervalSince1970: 1_764_513_000)
        let notification = Domain.Notification(id: "n1", ownerID: "o1", rule: .test, occasion: "test", title: "Tend test", body: "hello",
                                               dueAt: now, createdAt: now, updatedAt: now)
        func channel(_ kind: ChannelKind, _ url: String) -> NotificationChannel {
            NotificationChannel(id: "c1", ownerID: "o1", kind: kind, url: url, token: nil, secret: "s", createdAt: now)
        }

        try sender.deliver(notification, to: channel(.ntfy, "http://ntfy.test:\(port)/topic"))
        try sender.deliver(notification, to: channel(.webhook, "http://NTFY.test.:\(port)/topic"))
        #expect(receiver.accepted.count == 2)
        #expect(receiver.accepted.first?.headers["host"] == "ntfy.test:\(port)")

        for host in ["metadata.test", "nat64.test", "alibaba.test"] {
            for kind in [ChannelKind.ntfy, .webhook] {
                let error = #expect(throws: AppError.self) {
                    try sender.deliver(notification, to: channel(kind, "http://\(host):\(port)/topic"))
                }
                #expect(error?.code == "invalid_channel_url", "\(host)")
            }
        }
        #expect(receiver.tried.count == 2)
    }
}
