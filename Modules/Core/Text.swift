import FoundationEssentials

extension String {
    /// The string without leading and trailing whitespace and newlines (FoundationEssentials
    /// has no `trimmingCharacters(in:)`).
    public var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}

/// A count with its noun: "1 day", "3 days", "1 match", "2 matches" (irregular plurals given).
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? (noun.hasSuffix("s") || noun.hasSuffix("ch") ? noun + "es" : noun + "s"))
}

extension String {
    /// The text without surrounding white space, or nil when nothing is left: an optional field
    /// a person left blank.
    public var nilIfBlank: String? {
        let trimmed = trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The text as a JSON string, quotes included (control characters as `\uXXXX`, DEL and the
    /// C1 controls too, so that the JSON itself is safe to show on a terminal).
    public var jsonQuoted: String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.isControlCharacter:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The text escaped for XML and HTML, in content and in quoted attribute values
    /// (`& < > " '`): what a person typed can never become markup.
    public var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

// MARK: - Control characters

extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): the characters a terminal acts
    /// on instead of showing (`ESC [ …` rewrites the screen, BEL rings, NUL and C1 `CSI` likewise).
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// A control character other than newline and tab: what free text may never hold.
    public var isForbiddenInText: Bool {
        isControlCharacter && self != "\n" && self != "\t"
    }
}

extension String {
    /// Whether the text holds a control character other than newline and tab (`ESC`, `BEL`,
    /// `NUL`, `CR`, `DEL`, a C1 control). Text a person types — a name, a mood, a caption, a
    /// note — is refused with it wherever it enters (`tend`'s arguments and stdin, the server's
    /// bodies, queries and paths, a pushed sync record).
    public var hasControlCharacters: Bool {
        // ASCII text without bytes below 0x20 or DEL is the common case: no scalar decoding.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A || $0 == 0x09 }) { return false }
        return unicodeScalars.contains { $0.isForbiddenInText }
    }

    /// The text safe to write to a terminal: each control character other than newline and tab
    /// shown in caret notation as `cat -v` writes it (`ESC` → `^[`, `BEL` → `^G`, `NUL` → `^@`,
    /// `CR` → `^M`, `DEL` → `^?`, C1 `CSI` U+009B → `M-^[`), so that stored text can never
    /// move the cursor, rewrite the screen or ring; everything else is kept as it is.
    public var printable: String {
        guard hasControlCharacters else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard scalar.isForbiddenInText else {
                out.unicodeScalars.append(scalar)
                continue
            }
            out += Self.caretNotation(scalar)
        }
        return out
    }

    /// `^[` for ESC, `^?` for DEL, `M-^[` for U+009B.
    private static func caretNotation(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x7F: return "^?"
        case 0x80...0x9F: return "M-" + caretNotation(Unicode.Scalar(scalar.value - 0x80)!)
        default: return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        }
    }
}

/// Finds control characters in the strings of a JSON document, after its escapes are undone
/// (`"\u001b"` is an ESC as surely as a raw one): how the server refuses a body by the rule of
/// `String.hasControlCharacters`, naming the field.
public enum JSONControlCharacters {
    /// Where a JSON document holds a control character other than newline and tab in a string
    /// or a key: `nil` when it holds none (or is not JSON: the decoder reports that), `""` for
    /// the document itself, else the field's path (`note`, `sets[2].exercise`).
    public static func firstField(in json: Data) -> String? {
        guard mayHoldControlCharacters(json) else { return nil }
        return (try? JSONDecoder().decode(Scan.self, from: json))?.field
    }

    /// The byte of a raw control character a JSON document holds outside the white space
    /// JSON allows between tokens (space, tab, newline, return) — invalid in a string and
    /// outside one alike — or nil.
    public static func rawControlByte(in json: Data) -> UInt8? {
        json.first { $0 < 0x20 && $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// Cheap test before decoding: a control character needs an escape other than `\" \\ \/ \n
    /// \t`, or a DEL or C1 written as UTF-8 (raw C0 bytes are `rawControlByte`'s).
    static func mayHoldControlCharacters(_ json: Data) -> Bool {
        var bytes = json.makeIterator()
        var previous: UInt8 = 0
        while let byte = bytes.next() {
            switch byte {
            case 0x5C: // backslash: the escape's letter decides
                guard let letter = bytes.next() else { return false }
                if ![UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"), UInt8(ascii: "t")].contains(letter) {
                    return true
                }
                previous = letter
                continue
            case 0x7F:
                return true
            case 0x80...0x9F where previous == 0xC2: // U+0080–U+009F
                return true
            default:
                break
            }
            previous = byte
        }
        return false
    }

    /// Decodes any JSON value, remembering the path of the first string that holds a control character.
    private struct Scan: Decodable {
        var field: String?

        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                while !array.isAtEnd {
                    let element = try array.decode(Scan.self)
                    if field == nil { field = element.field }
                }
            } else if let object = try? decoder.container(keyedBy: Key.self) {
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    if key.stringValue.hasControlCharacters {
                        field = field ?? Self.path(decoder.codingPath + [key])
                        continue
                    }
                    let element = try object.decode(Scan.self, forKey: key)
                    if field == nil { field = element.field }
                }
            } else {
                let value = try decoder.singleValueContainer()
                if let text = try? value.decode(String.self), text.hasControlCharacters {
                    field = Self.path(decoder.codingPath)
                }
            }
        }

        static func path(_ keys: [any CodingKey]) -> String {
            var path = ""
            for key in keys {
                if let index = key.intValue {
                    path += "[\(index)]"
                } else {
                    path += (path.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return path
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
        init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    }
}
