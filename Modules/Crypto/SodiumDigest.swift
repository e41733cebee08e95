import FoundationEssentials
import CSodium

/// SHA-256 through libsodium: photo addresses now, webhook signatures later.
public enum SodiumDigest {
    /// The SHA-256 of `data` in lower-case hex.
    public static func sha256Hex(_ data: Data) -> String {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        data.withUnsafeBytes { buffer in
            _ = crypto_hash_sha256(&digest, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(buffer.count))
        }
        return hex(digest)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
