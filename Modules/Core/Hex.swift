/// Bytes as hexadecimal text and back: digests and tokens in lowercase, a blob as SQLite's
/// `hex()` writes it (uppercase), so that both sides of a comparison agree.
public enum Hex {
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        // Written straight into the string's storage: every bearer token is hashed and hexed per request.
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        let input = Array(bytes)
        return String(unsafeUninitializedCapacity: input.count * 2) { output in
            var index = 0
            for byte in input {
                output[index] = digits.utf8Start[Int(byte >> 4)]
                output[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    /// The bytes of hex text in either case; nil for anything else (odd length, another character).
    public static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
