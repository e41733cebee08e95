import CSodium
import Domain

/// Bearer tokens: 32 random bytes from libsodium as URL-safe base64; stored as their BLAKE2b hash.
public struct SodiumTokenGenerator: TokenGenerator {
    public init() {
        Sodium.ensureInitialized()
    }

    public func makeToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        return Base64URL.encode(bytes)
    }

    public func hash(_ token: String) -> String {
        var digest = [UInt8](repeating: 0, count: tend_generichash_bytes())
        let bytes = Array(token.utf8)
        crypto_generichash(&digest, digest.count, bytes, UInt64(bytes.count), nil, 0)
        return SodiumDigest.hex(digest)
    }
}

enum Sodium {
    /// `sodium_init` is safe to call more than once and from several threads.
    static func ensureInitialized() {
        _ = sodium_init()
    }
}

enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Unpadded URL-safe base64.
    static func encode(_ bytes: [UInt8]) -> String {
        var output = ""
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            for shift in [18, 12] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            for shift in [18, 12, 6] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
        }
        return output
    }
}
