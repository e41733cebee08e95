/// Word wrapping by display width, for help text in 80 columns.
enum TextWrapping {
    /// Splits `text` into lines no wider than `width` columns, breaking at spaces; a word wider
    /// than the line stands alone. Explicit newlines are kept.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                let wordWidth = TextWidth.displayWidth(String(word))
                if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}
