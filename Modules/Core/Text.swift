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
