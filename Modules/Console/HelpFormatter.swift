/// Renders `--help` for one command of the tree: abstract, discussion, USAGE, then ARGUMENTS,
/// OPTIONS, GLOBAL OPTIONS (inherited) and SUBCOMMANDS, in the style of swift-argument-parser.
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
    static func render(_ chain: [Command]) -> String {
        let command = chain[chain.count - 1]
        let path = chain.map(\.name).joined(separator: " ")
        var lines: [String] = []

        if !command.abstract.isEmpty {
            lines += TextWrapping.wrap(command.abstract, width: lineWidth)
            lines.append("")
        }
        if let discussion = command.discussion, !discussion.isEmpty {
            lines.append(discussion)
            lines.append("")
        }
        lines += usage(chain)

        let sections = self.sections(chain).filter { !$0.rows.isEmpty }
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
            lines.append("See '\(path) <subcommand> --help' for detailed help.")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Usage

    static func usage(_ chain: [Command]) -> [String] {
        let command = chain[chain.count - 1]
        var parts = chain.map(\.name)
        if command.subcommands.isEmpty {
            parts += command.arguments.map(\.displayName)
            parts += command.options.map(usageToken)
        } else {
            parts += command.options.map(usageToken)
            parts.append(command.run == nil ? "<subcommand>" : "[<subcommand>]")
        }
        let prefix = "USAGE: "
        let wrapped = TextWrapping.wrap(parts.joined(separator: " "), width: lineWidth - prefix.count)
        let indent = String(repeating: " ", count: prefix.count)
        return wrapped.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }
    }

    static func usageToken(_ option: Option) -> String {
        option.isFlag ? "[\(option.spelling)]" : "[\(option.spelling) <\(option.valueName ?? "")>]"
    }

    // MARK: Sections

    static func sections(_ chain: [Command]) -> [Section] {
        let command = chain[chain.count - 1]
        let arguments = command.subcommands.isEmpty || command.run != nil ? command.arguments : []
        let argumentRows = arguments.map { argument in
            Row(label: argument.displayName, text: describe(argument.help, allowed: argument.allowedValues))
        }

        var optionRows = command.options.map(row)
        if let help = helpRow(chain) { optionRows.append(help) }

        // Inherited options, nearest declaration first wins; own options shadow them.
        var seen = Set(command.options.map(\.name))
        var globalRows: [Row] = []
        for ancestor in chain.dropLast().reversed() {
            for option in ancestor.options where !seen.contains(option.name) {
                seen.insert(option.name)
                globalRows.append(row(option))
            }
        }

        let subcommandRows = command.subcommands.map { Row(label: $0.name, text: $0.abstract) }
        return [
            Section(title: "ARGUMENTS", rows: argumentRows),
            Section(title: "OPTIONS", rows: optionRows),
            Section(title: "GLOBAL OPTIONS", rows: globalRows),
            Section(title: "SUBCOMMANDS", rows: subcommandRows),
        ]
    }

    static func row(_ option: Option) -> Row {
        var label = option.short.map { "-\($0), " } ?? ""
        label += option.spelling
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return Row(label: label, text: describe(option.help, allowed: option.allowedValues))
    }

    /// The built-in help option, minus any spelling a command took for itself.
    static func helpRow(_ chain: [Command]) -> Row? {
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
        return Row(label: label, text: "Show help information.")
    }

    static func describe(_ help: String, allowed: [String]?) -> String {
        guard let allowed, !allowed.isEmpty else { return help }
        let values = "(values: \(allowed.joined(separator: ", ")))"
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
