import FoundationEssentials
import CSodium
import Core

/// SHA-256 through libsodium: photo addresses now, webhook signatures later.
public enum SodiumDigest {
    /// The SHA-256 of `data` in lower-case hex.
    public static func sha256Hex(_ data: Data) -> String {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = [UInt8](data)
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return hex(digest)
    }

    /// HMAC-SHA256 of `message` keyed with `key` (any length), in lower-case hex.
    public static func hmacSHA256Hex(key: Data, message: Data) -> String {
        Sodium.ensureInitialized()
        var state = crypto_auth_hmacsha256_state()
        var mac = [UInt8](repeating: 0, count: 32)
        let keyBytes = [UInt8](key)
        let messageBytes = [UInt8](message)
        _ = crypto_auth_hmacsha256_init(&state, keyBytes, keyBytes.count)
        _ = crypto_auth_hmacsha256_update(&state, messageBytes, UInt64(messageBytes.count))
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return hex(mac)
    }

    static func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }
}
