/// An IP address as its bytes, read from every spelling that libcurl's URL parser and glibc's
/// resolver turn into one: a check on the bytes then sees what a connection would reach, however
/// the address was written.
///
/// IPv4 is read the way `inet_aton` (and libcurl's URL parser, which agrees with it) reads it:
/// one to four parts separated by dots, each decimal, octal (a leading `0`) or hexadecimal (`0x`),
/// the last part filling the bytes that are left — so `2852039166`, `0xa9fea9fe`,
/// `0251.0376.0251.0376` and `169.254.43518` are all 169.254.169.254. IPv6 is read the way
/// `inet_pton` reads it: eight groups, one `::`, an optional dotted IPv4 tail; a zone (`%eth0`)
/// is not part of the address.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// Most significant byte first: 169.254.169.254 is 0xA9FE_A9FE.
    case v4(UInt32)
    /// Sixteen bytes, in network order.
    case v6([UInt8])

    /// An address in any of the spellings above (no brackets; a zone after `%` is dropped), or
    /// nil for anything else — a host name.
    public init?(_ text: some StringProtocol) {
        let text = Substring(text)
        if text.contains(":") {
            guard let bytes = Self.ipv6(text.prefix { $0 != "%" }) else { return nil }
            self = .v6(bytes)
        } else {
            guard let value = Self.ipv4(text) else { return nil }
            self = .v4(value)
        }
    }

    /// The address from its bytes: 4 for IPv4, 16 for IPv6.
    public init?(bytes: some Collection<UInt8>) {
        switch bytes.count {
        case 4: self = .v4(bytes.reduce(0) { $0 << 8 | UInt32($1) })
        case 16: self = .v6(Array(bytes))
        default: return nil
        }
    }

    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public var bytes: [UInt8] {
        switch self {
        case .v4(let value): [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        case .v6(let bytes): bytes
        }
    }

    /// Dotted decimal for IPv4; RFC 5952's form for IPv6 (lowercase hex, the longest run of two
    /// or more zero groups written `::`).
    public var description: String {
        switch self {
        case .v4(let value):
            return Self.dotted(value)
        case .v6(let bytes):
            let groups = stride(from: 0, to: 16, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            var best = (start: -1, length: 0)
            var index = 0
            while index < 8 {
                guard groups[index] == 0 else { index += 1; continue }
                let start = index
                while index < 8 && groups[index] == 0 { index += 1 }
                if index - start > best.length { best = (start, index - start) }
            }
            func hex(_ range: Range<Int>) -> String { groups[range].map { String($0, radix: 16) }.joined(separator: ":") }
            guard best.length >= 2 else { return hex(0..<8) }
            return hex(0..<best.start) + "::" + hex((best.start + best.length)..<8)
        }
    }

    /// `a.b.c.d` of a 32-bit IPv4 address.
    public static func dotted(_ value: UInt32) -> String {
        [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    }

    // MARK: - IPv4, as inet_aton reads it

    /// An IPv4 address in any form `inet_aton` accepts (the whole text, nothing after it), or nil.
    public static func ipv4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var address: UInt64 = 0
        for (index, part) in parts.enumerated() {
            guard let number = number(part) else { return nil }
            if index == parts.count - 1 {
                let bits = UInt64(8 * (4 - index))
                guard number < (1 << bits) else { return nil }
                address = (address << bits) | number
            } else {
                guard number < 256 else { return nil }
                address = (address << 8) | number
            }
        }
        return UInt32(address)
    }

    /// One part of an IPv4 address: `0x` + hex digits, `0` + octal digits, or decimal digits;
    /// nil for an empty part, a sign, another character, or a value past 2^32.
    private static func number(_ part: Substring) -> UInt64? {
        var digits = Array(part.utf8)[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"), let x = digits.dropFirst().first, x | 0x20 == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = hexDigit(byte), UInt64(digit) < radix else { return nil }
            value = value * radix + UInt64(digit)
            guard value <= UInt64(UInt32.max) else { return nil }
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - IPv6, as inet_pton reads it

    /// The 16 bytes of an IPv6 address (no brackets, no zone), or nil.
    public static func ipv6(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 64 else { return nil }
        let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        guard let head = groups(halves[0], last: halves.count == 1) else { return nil }
        if halves.count == 1 {
            guard head.count == 8 else { return nil }
            return bytes(of: head)
        }
        guard let tail = groups(halves[1], last: true), head.count + tail.count <= 7 else { return nil }
        return bytes(of: head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail)
    }

    /// The 16-bit groups of one side of `::` (a dotted IPv4 tail counts as two, and only at the
    /// very end); an empty side has none.
    private static func groups(_ side: Substring, last: Bool) -> [UInt16]? {
        if side.isEmpty { return [] }
        let parts = side.split(separator: ":", omittingEmptySubsequences: false)
        var groups: [UInt16] = []
        for (index, part) in parts.enumerated() {
            if part.contains(".") {
                guard last, index == parts.count - 1, let v4 = dottedQuad(part) else { return nil }
                groups.append(UInt16(v4 >> 16))
                groups.append(UInt16(v4 & 0xFFFF))
                continue
            }
            guard (1...4).contains(part.utf8.count) else { return nil }
            var value: UInt16 = 0
            for byte in part.utf8 {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            groups.append(value)
        }
        return groups
    }

    /// Strictly four decimal parts of 0–255 (the only IPv4 form inside IPv6).
    private static func dottedQuad(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (48...57).contains($0) }),
                  let number = UInt32(part), number < 256 else { return nil }
            value = value << 8 | number
        }
        return value
    }

    private static func bytes(of groups: [UInt16]) -> [UInt8] {
        groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
