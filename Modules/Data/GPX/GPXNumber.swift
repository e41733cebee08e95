#if canImport(Glibc)
import Glibc
#endif

/// Numbers in GPX text, read in place from libxml2's buffers: plain decimals of up to 15 digits
/// (every coordinate, elevation and heart rate in practice) are computed exactly as
/// mantissa ÷ 10ⁿ, which is correctly rounded; anything else goes through `strtod` on a copy
/// ended by a NUL. No hex, inf or nan.
enum GPXNumber {
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `[-+]digits[.digits]` with at most 15 digits; nil for anything else.
    static func fastDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        guard !bytes.isEmpty else { return nil }
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte &- 48 < 10 {
                mantissa = mantissa &* 10 &+ Int64(byte &- 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
            // More than 15 digits would overflow the exact range; `strtod` reads those.
            if digits > 15 { return nil }
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The bytes without the XML whitespace around them.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0
        var upper = bytes.count
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }

    static func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { number(trimmed($0)) }
    }

    /// A finite decimal number filling `bytes` and nothing else (no hex, inf or nan; no
    /// whitespace: trim first).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        if let fast = fastDecimal(bytes) { return fast }
        return slowNumber(bytes)
    }

    /// Exponents and long mantissas: `strtod` on a NUL-ended copy of the characters it may read.
    private static func slowNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { characters -> Double? in
            for (offset, byte) in bytes.enumerated() {
                guard (byte >= 48 && byte <= 57) || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte == 0x65 || byte == 0x45 else {
                    return nil
                }
                characters[offset] = CChar(bitPattern: byte)
            }
            characters[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(characters.baseAddress!, &end)
            guard let end, end == characters.baseAddress! + bytes.count, value.isFinite else { return nil }
            return value
        }
    }
}
