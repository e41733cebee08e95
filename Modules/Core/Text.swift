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

    /// The text as a JSON string, quotes included (control characters as `\uXXXX`).
    public var jsonQuoted: String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
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
