/// Renders `--help` for one command of the tree: abstract, discussion, USAGE, then ARGUMENTS,
/// OPTIONS, GLOBAL OPTIONS (inherited) and SUBCOMMANDS, in the style of swift-argument-parser.
/// The words come from the catalog of the screen's language, English where it has none.
enum HelpFormatter {
    static let lineWidth = 80
    /// Where the description column starts unless a longer label pushes it right.
    static let minimumTextColumn = 26
    /// Labels longer than this put their description on the next line.
    static let maximumTextColumn = 40

    struct Row {
        let label: String
        let text: String
    }

    struct Section {
        let title: String
        let rows: [Row]
    }

    /// Help for the last command of `chain` (root first).
    static func render(_ chain: [Command], catalog: Catalog = .english) -> String {
        let command = chain[chain.count - 1]
        let names = chain.map(\.name)
        let path = names.joined(separator: " ")
        var lines: [String] = []

        let abstract = catalog.abstract(of: names, english: command.abstract)
        if !abstract.isEmpty {
            lines += TextWrapping.wrap(abstract, width: lineWidth)
            lines.append("")
        }
        // A declared discussion is printed as written; a translated one is wrapped to the width.
        if let discussion = catalog.discussions[Catalog.key(names)] {
            lines += TextWrapping.wrap(discussion, width: lineWidth)
            lines.append("")
        } else if let discussion = command.discussion, !discussion.isEmpty {
            lines.append(discussion)
            lines.append("")
        }
        lines += usage(chain, heading: catalog.words.usageHeading)

        let sections = self.sections(chain, catalog: catalog).filter { !$0.rows.isEmpty }
        let column = textColumn(for: sections)
        for section in sections {
            lines.append("")
            lines.append("\(section.title):")
            for row in section.rows {
                lines += format(row, column: column)
            }
        }
        if !command.subcommands.isEmpty {
            lines.append("")
            lines += TextWrapping.wrap(Catalog.fill(catalog.words.seeSubcommandHelp, ["path": path]) ?? "", width: lineWidth)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Usage

    static func usage(_ chain: [Command], heading: String = ConsoleWords.english.usageHeading) -> [String] {
        let command = chain[chain.count - 1]
        var parts = chain.map(\.name)
        if command.subcommands.isEmpty {
            parts += command.arguments.map(\.displayName)
            parts += command.options.map(usageToken)
        } else if command.run != nil, !command.arguments.isEmpty {
            // Runs itself with its arguments, or names a subcommand: one usage line for each.
            let own = (parts + command.arguments.map(\.displayName) + command.options.map(usageToken)).joined(separator: " ")
            let other = (parts + ["<subcommand>"]).joined(separator: " ")
            return usageLines(own, heading: heading) + usageLines(other, heading: heading, continued: true)
        } else {
            parts += command.options.map(usageToken)
            parts.append(command.run == nil ? "<subcommand>" : "[<subcommand>]")
        }
        return usageLines(parts.joined(separator: " "), heading: heading)
    }

    static func usageLines(_ text: String, heading: String, continued: Bool = false) -> [String] {
        let prefix = "\(heading): "
        let prefixWidth = TextWidth.displayWidth(prefix)
        let wrapped = TextWrapping.wrap(text, width: lineWidth - prefixWidth)
        let indent = String(repeating: " ", count: prefixWidth)
        return wrapped.enumerated().map { ($0.offset == 0 && !continued ? prefix : indent) + $0.element }
    }

    static func usageToken(_ option: Option) -> String {
        option.isFlag ? "[\(option.spelling)]" : "[\(option.spelling) <\(option.valueName ?? "")>]"
    }

    // MARK: Sections

    static func sections(_ chain: [Command], catalog: Catalog = .english) -> [Section] {
        let command = chain[chain.count - 1]
        let names = chain.map(\.name)
        let words = catalog.words
        let arguments = command.subcommands.isEmpty || command.run != nil ? command.arguments : []
        let argumentRows = arguments.map { argument in
            Row(label: argument.displayName,
                text: describe(catalog.argumentHelp(argument, path: names, english: argument.help),
                               allowed: argument.allowedValues, words: words))
        }

        var optionRows = command.options.map { row($0, path: names, catalog: catalog) }
        if let help = helpRow(chain, words: words) { optionRows.append(help) }

        // Inherited options, nearest declaration first wins; own options shadow them.
        var seen = Set(command.options.map(\.name))
        var globalRows: [Row] = []
        for (depth, ancestor) in chain.dropLast().enumerated().reversed() {
            for option in ancestor.options where !seen.contains(option.name) {
                seen.insert(option.name)
                globalRows.append(row(option, path: Array(names.prefix(depth + 1)), catalog: catalog))
            }
        }

        let subcommandRows = command.subcommands.map {
            Row(label: $0.name, text: catalog.abstract(of: names + [$0.name], english: $0.abstract))
        }
        return [
            Section(title: words.argumentsHeading, rows: argumentRows),
            Section(title: words.optionsHeading, rows: optionRows),
            Section(title: words.globalOptionsHeading, rows: globalRows),
            Section(title: words.subcommandsHeading, rows: subcommandRows),
        ]
    }

    static func row(_ option: Option, path: [String] = [], catalog: Catalog = .english) -> Row {
        var label = option.short.map { "-\($0), " } ?? ""
        label += option.spelling
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return Row(label: label, text: describe(catalog.optionHelp(option, path: path, english: option.help),
                                                allowed: option.allowedValues, words: catalog.words))
    }

    /// The built-in help option, minus any spelling a command took for itself.
    static func helpRow(_ chain: [Command], words: ConsoleWords = .english) -> Row? {
        let options = chain.flatMap(\.options)
        let hasLong = options.contains { $0.name == "help" }
        let hasShort = options.contains { $0.short == "h" }
        let label: String
        switch (hasShort, hasLong) {
        case (false, false): label = "-h, --help"
        case (true, false): label = "--help"
        case (false, true): label = "-h"
        case (true, true): return nil
        }
        return Row(label: label, text: words.showHelp)
    }

    static func describe(_ help: String, allowed: [String]?, words: ConsoleWords = .english) -> String {
        guard let allowed, !allowed.isEmpty else { return help }
        let values = Catalog.fill(words.allowedValues, ["values": allowed.joined(separator: ", ")]) ?? ""
        return help.isEmpty ? values : "\(help) \(values)"
    }

    // MARK: Layout

    static func textColumn(for sections: [Section]) -> Int {
        let longest = sections.flatMap(\.rows).map { TextWidth.displayWidth($0.label) }
            .filter { 2 + $0 + 2 <= maximumTextColumn }
            .max() ?? 0
        return max(minimumTextColumn, 2 + longest + 2)
    }

    static func format(_ row: Row, column: Int) -> [String] {
        let label = "  " + row.label
        let indent = String(repeating: " ", count: column)
        let text = TextWrapping.wrap(row.text, width: max(20, lineWidth - column))
        var lines: [String] = []
        if TextWidth.displayWidth(label) + 2 > column {
            lines.append(label)
            lines += text.map { indent + $0 }
        } else {
            lines.append(TextWidth.pad(label, to: column, alignment: .left) + text[0])
            lines += text.dropFirst().map { indent + $0 }
        }
        return lines.map(trimmingTrailingSpaces)
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
