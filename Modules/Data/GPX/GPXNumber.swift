#if canImport(Glibc)
import Glibc
#endif

/// Numbers in GPX text, read in place: plain decimals of up to 15 digits (every coordinate,
/// elevation and heart rate in practice) are computed exactly as mantissa ÷ 10ⁿ, which is
/// correctly rounded; anything else goes through `strtod`. No hex, inf or nan.
enum GPXNumber {
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `[-+]digits[.digits]` with at most 15 digits; nil for anything else.
    static func fastDecimal(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        var negative = false
        if bytes[index] == 0x2D || bytes[index] == 0x2B {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte >= 48 && byte <= 57 {
                mantissa = mantissa * 10 + Int64(byte - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func trimmedRange(_ bytes: [UInt8]) -> Range<Int> {
        var lower = 0
        var upper = bytes.count
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    static func number(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return number(bytes, trimmedRange(bytes))
    }

    /// A finite decimal number filling `range` and nothing else (no hex, inf or nan).
    /// Plain decimals of up to 15 digits (every coordinate, elevation and heart rate in practice)
    /// are computed exactly as mantissa ÷ 10ⁿ, which is correctly rounded; anything else goes
    /// through `strtod`.
    static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        guard !range.isEmpty, range.count < 64 else { return nil }
        if let fast = fastDecimal(bytes, range) { return fast }
        var buffer = (CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                      CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0))
        return withUnsafeMutableBytes(of: &buffer) { raw -> Double? in
            let characters = raw.bindMemory(to: CChar.self)
            for (offset, index) in range.enumerated() {
                let byte = bytes[index]
                guard (byte >= 48 && byte <= 57) || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte == 0x65 || byte == 0x45 else {
                    return nil
                }
                characters[offset] = CChar(bitPattern: byte)
            }
            characters[range.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(characters.baseAddress!, &end)
            guard let end, end == characters.baseAddress! + range.count, value.isFinite else { return nil }
            return value
        }
    }
}
