/// A manual page in roff (`man 7 man`) from the command tree: NAME, SYNOPSIS, DESCRIPTION, the
/// root's options, then every command with its usage, arguments and options, then the
/// sections the program adds (ENVIRONMENT, FILES, …). The texts are the declarations `--help`
/// prints, so the page and the help cannot disagree.
public struct ManualPage: Sendable {
    /// A section the program adds after the commands.
    public struct Section: Sendable {
        public enum Block: Sendable {
            /// Filled text.
            case paragraph(String)
            /// A term (set in bold) and its description, as in OPTIONS.
            case definition(String, String)
            /// Lines shown as written (commands, a file's layout).
            case example([String])
        }

        public let title: String
        public let blocks: [Block]

        public init(_ title: String, _ blocks: [Block]) {
            self.title = title
            self.blocks = blocks
        }
    }

    public let root: Command
    /// 1 for a user command, 8 for a system administration one.
    public let section: Int
    /// The NAME line's description (`tend \- <whatis>`): short, no final period.
    public let whatis: String
    /// The footer's source, e.g. `Tend 1.0.0`.
    public let source: String
    /// YYYY-MM-DD, or nil to leave the date out (the page is then the same on every build).
    public let date: String?
    public let extraSections: [Section]

    public init(root: Command, section: Int, whatis: String, source: String, date: String? = nil, extraSections: [Section] = []) {
        self.root = root
        self.section = section
        self.whatis = whatis
        self.source = source
        self.date = date
        self.extraSections = extraSections
    }

    public func render() -> String {
        let name = root.name
        var lines = [
            ".\\\" Written by `\(name) manpage` from the command tree; do not edit.",
            ".TH \(Self.quoted(name.uppercased())) \(section) \(Self.quoted(date ?? "")) \(Self.quoted(source)) "
                + Self.quoted(section == 8 ? "System Administration" : "User Commands"),
            ".SH NAME",
            Self.escape("\(name) - \(whatis)"),
            ".SH SYNOPSIS",
        ]
        lines += synopsis([root])
        if !root.subcommands.isEmpty, root.run != nil || !root.arguments.isEmpty {
            lines.append(".br")
            lines.append(".B \(Self.escape(name))")
            lines.append("\\fIcommand\\fR ...")
        }
        lines.append(".SH DESCRIPTION")
        lines += Self.text(root.abstract)
        if let discussion = root.discussion { lines += Self.discussion(discussion) }
        let ownRows = HelpFormatter.sections([root]).filter { !$0.rows.isEmpty }
        for section in ownRows where section.title != "SUBCOMMANDS" {
            lines.append(".SH \(section.title)")
            lines += section.rows.flatMap(Self.definition)
        }
        if !root.subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for subcommand in root.subcommands { lines += commandEntry([root, subcommand]) }
        }
        for section in extraSections {
            lines.append(".SH \(section.title.uppercased())")
            for block in section.blocks {
                switch block {
                case .paragraph(let text): lines += [".PP"] + Self.text(text)
                case .definition(let term, let text): lines += Self.definition(HelpFormatter.Row(label: term, text: text))
                case .example(let example): lines += Self.example(example)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command, then its subcommands depth first.
    private func commandEntry(_ chain: [Command]) -> [String] {
        let command = chain[chain.count - 1]
        var lines = [".SS \(Self.quoted(chain.map(\.name).joined(separator: " ")))"]
        lines += Self.text(command.abstract)
        if let discussion = command.discussion { lines += Self.discussion(discussion) }
        if command.run != nil || command.subcommands.isEmpty {
            lines.append(".PP")
            lines += synopsis(chain)
        }
        // Own arguments and options only: inherited ones are described where they are declared.
        for section in HelpFormatter.sections(chain) where section.title == "ARGUMENTS" || section.title == "OPTIONS" {
            let rows = section.rows.filter { !$0.label.contains("--help") && $0.label != "-h" }
            guard !rows.isEmpty else { continue }
            lines.append(".PP")
            lines.append(section.title == "ARGUMENTS" ? "Arguments:" : "Options:")
            lines.append(".RS 4")
            lines += rows.flatMap(Self.definition)
            lines.append(".RE")
        }
        for subcommand in command.subcommands { lines += commandEntry(chain + [subcommand]) }
        return lines
    }

    /// `tend insulin log <kind> [<units>] [--at <TIME>] …`, the command in bold, names in italics.
    private func synopsis(_ chain: [Command]) -> [String] {
        let command = chain[chain.count - 1]
        var words = command.arguments.map { Self.italicPlaceholders(Self.escape($0.displayName)) }
        words += command.options.map { Self.italicPlaceholders(Self.escape(HelpFormatter.usageToken($0))) }
        if command.run == nil, !command.subcommands.isEmpty { words.append("\\fIcommand\\fR ...") }
        return [".B \(Self.escape(chain.map(\.name).joined(separator: " ")))"] + (words.isEmpty ? [] : [words.joined(separator: " ")])
    }

    // MARK: roff

    private static func definition(_ row: HelpFormatter.Row) -> [String] {
        [".TP", "\\fB" + italicPlaceholders(escape(row.label)) + "\\fR"] + text(row.text)
    }

    /// Paragraphs split at blank lines; lines indented further than the text are examples.
    static func discussion(_ text: String) -> [String] {
        var lines: [String] = []
        var paragraph: [String] = []
        var example: [String] = []
        func flush() {
            if !paragraph.isEmpty { lines += [".PP"] + Self.text(paragraph.joined(separator: " ")) }
            if !example.isEmpty { lines += Self.example(example) }
            paragraph = []
            example = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.allSatisfy(\.isWhitespace) {
                flush()
            } else if line.first?.isWhitespace == true {
                if !paragraph.isEmpty { flush() }
                example.append(String(line.drop { $0 == " " }))
            } else {
                if !example.isEmpty { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return lines
    }

    static func example(_ lines: [String]) -> [String] {
        [".PP", ".RS 4", ".nf"] + lines.map(escape).map(guardControl) + [".fi", ".RE"]
    }

    /// Filled text: one roff line, protected from being read as a request.
    static func text(_ text: String) -> [String] {
        [guardControl(escape(text.split(whereSeparator: \.isNewline).joined(separator: " ")))]
    }

    /// Text as roff reads it literally: backslashes, minus signs (so options copy as typed),
    /// and the dashes and quotes groff knows by name.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "—": result += "\\(em"
            case "–": result += "\\(en"
            case "’": result += "\\(cq"
            case "‘": result += "\\(oq"
            case "“": result += "\\(lq"
            case "”": result += "\\(rq"
            case "…": result += "..."
            case "→": result += "\\(->"
            case "×": result += "\\(mu"
            default:
                // Anything else beyond ASCII by its code point: the page reads the same with or
                // without preconv (Hangul in examples, accented names).
                for scalar in character.unicodeScalars {
                    if scalar.isASCII {
                        result.unicodeScalars.append(scalar)
                    } else {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                    }
                }
            }
        }
        return result
    }

    /// A line starting with `.` or `'` would be a request: `\&` makes it text.
    static func guardControl(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// `<TIME>` and `<kind>` in italics, as man pages set what the reader replaces.
    static func italicPlaceholders(_ text: String) -> String {
        var result = ""
        var inside = false
        for character in text {
            if character == "<", !inside {
                inside = true
                result += "\\fI"
            } else if character == ">", inside {
                inside = false
                result += "\\fP"
            } else {
                result.append(character)
            }
        }
        return result
    }

    static func quoted(_ text: String) -> String {
        "\"" + escape(text).replacing("\"", with: "\\(dq") + "\""
    }
}
