import FoundationEssentials
import CSodium
import Core

/// The forms in which Nightscout clients send an API secret: the SHA-1 hex of it (what
/// Nightscout has always taken) and the SHA-512 hex (what newer clients send). libsodium has
/// SHA-512 but no SHA-1, so SHA-1 (FIPS 180-4) is written here; it serves only to recognise
/// what clients send, never to protect anything.
public enum NightscoutSecretForms {
    public static func forms(of secret: String) -> [String] {
        [sha1Hex(Data(secret.utf8)), sha512Hex(Data(secret.utf8))]
    }

    public static func sha512Hex(_ data: Data) -> String {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: 64)
        let bytes = [UInt8](data)
        _ = crypto_hash_sha512(&digest, bytes, UInt64(bytes.count))
        return Hex.encode(digest)
    }

    public static func sha1Hex(_ data: Data) -> String {
        var message = [UInt8](data)
        let bitLength = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let at = chunk + index * 4
                w[index] = UInt32(message[at]) << 24 | UInt32(message[at + 1]) << 16 | UInt32(message[at + 2]) << 8 | UInt32(message[at + 3])
            }
            for index in 16..<80 {
                let value = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
                w[index] = value << 1 | value >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch index {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
        }
        return Hex.encode(h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } })
    }

    /// BLAKE2b of a presented form, in hex: what `nightscout_verifiers` holds.
    public static func verifier(_ text: String) -> String {
        SodiumTokenGenerator().hash(text)
    }
}
