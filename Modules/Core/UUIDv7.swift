import FoundationEssentials

/// UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so that ids sort
/// by creation time and can be generated on any device without coordination.
public enum UUIDv7 {
    public static func make(at date: Date = Date()) -> UUID {
        var generator = SystemRandomNumberGenerator()
        return make(at: date, using: &generator)
    }

    public static func make<R: RandomNumberGenerator>(at date: Date, using generator: inout R) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index)))
        }
        // Two draws of 64 bits (not one per byte: each draw may be a system call).
        let high = generator.next()
        let low = generator.next()
        for index in 6..<8 { bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(8 * (index - 6))) }
        for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: low >> UInt64(8 * (index - 8))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x70 // version 7
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 4122 variant
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    /// A lowercase id string, the form stored in the database.
    public static func makeString(at date: Date = Date()) -> String {
        text(of: make(at: date))
    }

    /// `uuidString.lowercased()`, written out directly: Foundation's uppercase text lowercased
    /// cost 9,000 instructions an id, and a dose POST makes three (the request's, the dose's,
    /// its sync change's).
    public static func text(of uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = hexDigits[Int(byte >> 4)]
                    buffer[index + 1] = hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
