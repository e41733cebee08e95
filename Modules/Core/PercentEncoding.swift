/// Percent-encoding of URL parts (RFC 3986), for the HTTP clients and the paths they build.
public enum PercentEncoding {
    /// RFC 3986's unreserved characters: never encoded.
    public static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `text` with every byte outside `allowed` written as `%XX`.
    public static func encode(_ text: String, keeping allowed: Set<UInt8> = unreserved) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var result = ""
        for byte in text.utf8 {
            if allowed.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(Unicode.Scalar(digits[Int(byte >> 4)])) + String(Unicode.Scalar(digits[Int(byte & 0xF)]))
            }
        }
        return result
    }
}
