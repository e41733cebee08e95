/// How many terminal columns text occupies: East Asian wide characters (Hangul, CJK, fullwidth
/// forms) and emoji take two, combining marks and other zero-width scalars none.
public enum TextWidth {
    public static func displayWidth(_ s: String) -> Int {
        var width = 0
        for character in s {
            width += displayWidth(of: character)
        }
        return width
    }

    /// Pads with spaces to `width` columns; text already as wide or wider is returned as is.
    public static func pad(_ s: String, to width: Int, alignment: Table.Alignment) -> String {
        let missing = width - displayWidth(s)
        guard missing > 0 else { return s }
        let padding = String(repeating: " ", count: missing)
        switch alignment {
        case .left: return s + padding
        case .right: return padding + s
        }
    }

    /// One grapheme cluster: its base scalar decides, except that emoji presentation
    /// (including a text symbol followed by U+FE0F) makes it wide.
    static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
            // Keycaps like "1️⃣" and flags are wide too; a lone ASCII digit is not emoji presentation.
            return 2
        }
        if isZeroWidth(base) { return 0 }
        return isWide(base) ? 2 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return true
        default:
            // Hangul medial vowels and final consonants join the preceding initial consonant.
            return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }

    /// East Asian Width W and F ranges (Unicode 15), coarse but covering Korean, CJK and kana.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v >= 0x1100 else { return false }
        return (0x1100...0x115F).contains(v)      // Hangul Jamo initial consonants
            || (0x231A...0x231B).contains(v)
            || (0x2E80...0x303E).contains(v)      // CJK radicals, punctuation
            || (0x3041...0x33FF).contains(v)      // kana, Hangul compatibility Jamo, CJK symbols
            || (0x3400...0x4DBF).contains(v)      // CJK extension A
            || (0x4E00...0x9FFF).contains(v)      // CJK unified ideographs
            || (0xA000...0xA4CF).contains(v)      // Yi
            || (0xA960...0xA97F).contains(v)      // Hangul Jamo extended A
            || (0xAC00...0xD7A3).contains(v)      // Hangul syllables
            || (0xF900...0xFAFF).contains(v)      // CJK compatibility ideographs
            || (0xFE10...0xFE19).contains(v)      // vertical forms
            || (0xFE30...0xFE6F).contains(v)      // CJK compatibility forms, small forms
            || (0xFF00...0xFF60).contains(v)      // fullwidth forms
            || (0xFFE0...0xFFE6).contains(v)
            || (0x1F300...0x1F64F).contains(v)    // pictographs, emoticons
            || (0x1F900...0x1F9FF).contains(v)
            || (0x20000...0x3FFFD).contains(v)    // CJK extensions B and beyond
    }
}
