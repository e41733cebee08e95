import FoundationEssentials

/// CRC-32 (IEEE 802.3, the polynomial ZIP and PNG use), eight bytes at a step ("slicing by 8":
/// eight tables of 256 entries, each the previous one advanced by a byte).
public enum CRC32 {
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    public static func checksum(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { finish(update(start, $0)) }
    }

    /// The running value before any byte; `update` it with each piece in order, then `finish`,
    /// so that a stream is checked piece by piece without holding it whole.
    static let start: UInt32 = 0xFFFF_FFFF

    static func finish(_ running: UInt32) -> UInt32 { running ^ 0xFFFF_FFFF }

    static func update(_ running: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = running
        tables.withUnsafeBufferPointer { t in
            do {
                let count = bytes.count
                var index = 0
                while index + 8 <= count {
                    let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                        | UInt32(bytes[index + 3]) << 24)
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(bytes[index + 4])] ^ t[2 * 256 + Int(bytes[index + 5])]
                        ^ t[256 + Int(bytes[index + 6])] ^ t[Int(bytes[index + 7])]
                    index += 8
                }
                while index < count {
                    crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
            }
        }
        return crc
    }
}
