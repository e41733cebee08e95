/// The byte-level writing under `Node`: names the code wrote are copied as they are, everything
/// else goes through `appendEscaped`. Works on UTF-8 bytes, never on `Character`s: the five
/// characters to escape are ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so
/// copying the runs between them gives what escaping scalar by scalar gives, at memcpy speed.
enum HTMLBytes {
    /// `&`, `<`, `>`, `"` and `'` as character references; every other byte as it is.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
    }

    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let reference: StaticString
            switch bytes[index] {
            case 0x26: reference = "&amp;"
            case 0x3C: reference = "&lt;"
            case 0x3E: reference = "&gt;"
            case 0x22: reference = "&quot;"
            case 0x27: reference = "&#39;"
            default: continue
            }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            append(reference, to: &output)
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// A name or piece of markup the code wrote (`StaticString`: never from a request).
    @inline(__always)
    static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    static func appendUnescaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Elements that never have content or a closing tag: area, br, col, hr, img, input, link,
    /// meta, source, wbr.
    static func isVoid(_ tag: StaticString) -> Bool {
        tag.withUTF8Buffer { name in
            switch name.count {
            case 2: return matches(name, "br") || matches(name, "hr")
            case 3: return matches(name, "col") || matches(name, "img") || matches(name, "wbr")
            case 4: return matches(name, "area") || matches(name, "link") || matches(name, "meta")
            case 5: return matches(name, "input")
            case 6: return matches(name, "source")
            default: return false
            }
        }
    }

    /// Attributes whose value is a URL, checked by `isSafeURL`: href, src, action, formaction, poster.
    static func isURLAttribute(_ attribute: StaticString) -> Bool {
        attribute.withUTF8Buffer { name in
            switch name.count {
            case 3: return matches(name, "src")
            case 4: return matches(name, "href")
            case 6: return matches(name, "action") || matches(name, "poster")
            case 10: return matches(name, "formaction")
            default: return false
            }
        }
    }

    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { $0.elementsEqual(bytes) }
    }

    /// Whether a URL attribute's value may stay: `Attribute.isSafeURL`, decided on the bytes when
    /// everything up to the decision is ASCII (any other value takes that `Character` path).
    static func isSafeURL(_ value: String) -> Bool {
        var value = value
        let decided: Bool? = value.withUTF8 { bytes in
            var index = 0
            // Leading blanks, as `Attribute.isSafeURL` drops them.
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
            let schemeStart = index
            while index < bytes.count {
                // A combining mark after `/` or `:` makes it another `Character`: the slow path decides.
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                switch bytes[index] {
                case 0x80...: return nil
                case 0x2F, 0x3F, 0x23: return true // `/`, `?` or `#` before any colon: a path, not a scheme
                case 0x3A: return isAllowedScheme(UnsafeBufferPointer(rebasing: bytes[schemeStart..<index]))
                default: index += 1
                }
            }
            return true // no colon: relative
        }
        return decided ?? Attribute.isSafeURL(value)
    }

    /// http, https or mailto in any case (ASCII only: the caller checked).
    private static func isAllowedScheme(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        func equalsIgnoringCase(_ literal: StaticString) -> Bool {
            literal.withUTF8Buffer { lower in
                lower.count == scheme.count && zip(lower, scheme).allSatisfy { expected, byte in
                    (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected
                }
            }
        }
        return equalsIgnoringCase("http") || equalsIgnoringCase("https") || equalsIgnoringCase("mailto")
    }
}
