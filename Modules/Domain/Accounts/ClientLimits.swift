import FoundationEssentials
import Core

/// How often one client may do something: `burst` times at once, then once more every
/// `interval` (so `3600 / interval` an hour when it keeps going). A client is its network
/// address (an IPv6 client by its /64, which one machine usually holds whole).
public struct ClientLimit: Sendable, Equatable {
    /// Which allowance: one row per client and scope.
    public let scope: String
    public let burst: Int
    public let interval: TimeInterval
    /// The code of the 429 a refusal answers.
    public let code: String
    /// What is counted, for the refusal's message ("sign-ups").
    public let counted: String

    public init(scope: String, burst: Int, interval: TimeInterval, code: String, counted: String) {
        self.scope = scope
        self.burst = burst
        self.interval = interval
        self.code = code
        self.counted = counted
    }

    /// New accounts (created or refused as `email_taken`): 5 at once, then one every 12 minutes.
    public static let signups = ClientLimit(scope: "signup", burst: 5, interval: 12 * 60, code: "too_many_signups",
                                            counted: "sign-ups")
    /// Wrong invite codes, whichever account types them: 10 at once, then one every 6 minutes.
    public static let inviteGuesses = ClientLimit(scope: "invite_guess", burst: 10, interval: 6 * 60, code: "too_many_attempts",
                                                  counted: "wrong invite codes")

    /// The refusal: 429 with the seconds to wait (`Retry-After`).
    func refusal(waiting seconds: Int) -> AppError {
        AppError(.tooManyRequests, code: code, "too many \(counted) from this address; try again in \(seconds) s", details: seconds)
    }
}

/// One client's used allowance in one scope, stored as the instant at which it is whole again
/// (a generic cell rate): a row whose instant has passed holds nothing and is deleted.
public struct ClientThrottle: Sendable, Equatable {
    public let scope: String
    /// The client as stored: a digest of its address (see `ClientLimiter`), never the address.
    public let client: String
    public var fullAt: Date

    public init(scope: String, client: String, fullAt: Date) {
        self.scope = scope
        self.client = client
        self.fullAt = fullAt
    }
}

/// Limits per client address, kept in the database so that they hold across restarts and across
/// the server processes that share it. An address is personal data: the table keeps only a
/// digest of it (`pseudonym`), and a row is deleted once the allowance it records is whole
/// again — at most `burst × interval` after the client's last counted attempt.
///
/// A call without an address (`nil`: a use case called in process, with no network client) is
/// not limited; the server always passes the socket's address.
public struct ClientLimiter: Sendable {
    let throttles: any ClientThrottleRepository
    let transactor: any Transactor
    let clock: any Clock
    let pseudonym: @Sendable (String) -> String
    /// What the operator set in place of the declared limits (a server's configuration).
    let settings: ClientLimitSettings?

    /// - Parameter pseudonym: a one-way digest of a client key (SHA-256 in production).
    public init(throttles: any ClientThrottleRepository, transactor: any Transactor, clock: any Clock,
                pseudonym: @escaping @Sendable (String) -> String, settings: ClientLimitSettings? = nil) {
        self.throttles = throttles
        self.transactor = transactor
        self.clock = clock
        self.pseudonym = pseudonym
        self.settings = settings
    }

    /// Refuses (429 with the seconds to wait) when `address` has nothing left of `limit`;
    /// takes nothing.
    public func check(_ limit: ClientLimit, address: String?) throws {
        guard let address else { return }
        let limit = settings?.applied(to: limit) ?? limit
        let now = clock.now
        let stored = try throttles.throttle(scope: limit.scope, client: client(address))
        if let seconds = Self.wait(limit, fullAt: stored?.fullAt, now: now) { throw limit.refusal(waiting: seconds) }
    }

    /// Takes one from `address`'s allowance of `limit`, or refuses as `check` does. Forgets the
    /// clients whose allowance is whole again (of every scope) on the way.
    public func take(_ limit: ClientLimit, address: String?) throws {
        guard let address else { return }
        let limit = settings?.applied(to: limit) ?? limit
        let now = clock.now
        let client = client(address)
        try transactor.write {
            try throttles.removeThrottles(fullBy: now)
            let fullAt = try throttles.throttle(scope: limit.scope, client: client)?.fullAt
            if let seconds = Self.wait(limit, fullAt: fullAt, now: now) { throw limit.refusal(waiting: seconds) }
            let base = max(fullAt ?? now, now)
            try throttles.save(ClientThrottle(scope: limit.scope, client: client, fullAt: base.addingTimeInterval(limit.interval)))
        }
    }

    /// The whole seconds to wait before one more fits, or nil when it fits now.
    static func wait(_ limit: ClientLimit, fullAt: Date?, now: Date) -> Int? {
        let base = max(fullAt ?? now, now)
        let over = base.addingTimeInterval(limit.interval).timeIntervalSince(now) - limit.interval * Double(limit.burst)
        guard over > 0 else { return nil }
        return max(1, Int(over.rounded(.up)))
    }

    func client(_ address: String) -> String { pseudonym(ClientAddress.key(address)) }
}

/// The key a client is counted under: an IPv4 address as it is, an IPv6 address by its /64
/// (an IPv4-mapped one as its IPv4 address), anything else as given.
public enum ClientAddress {
    public static func key(_ address: String) -> String {
        var text = address.trimmed.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) } // a zone: fe80::1%eth0
        guard text.contains(":"), let groups = ipv6Groups(text) else { return text }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            return "\(groups[6] >> 8).\(groups[6] & 0xFF).\(groups[7] >> 8).\(groups[7] & 0xFF)"
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 allowed).
    static func ipv6Groups(_ text: String) -> [UInt16]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func parse(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var groups: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                    guard octets.count == 4, piece.split(separator: ".", omittingEmptySubsequences: false).count == 4 else { return nil }
                    groups.append(UInt16(octets[0]) << 8 | UInt16(octets[1]))
                    groups.append(UInt16(octets[2]) << 8 | UInt16(octets[3]))
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    groups.append(value)
                }
            }
            return groups
        }
        guard let head = parse(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = parse(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
