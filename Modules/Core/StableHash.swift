/// FNV-1a (64 bits) of a text's UTF-8 bytes: a hash that is the same on every run and machine
/// (Swift's `Hasher` is seeded per process), for versions, handles and stable ids.
public enum StableHash {
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
