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
