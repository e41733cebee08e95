/// What a shell may offer at each point of a command line, read off the command tree: the
/// subcommands of each command, the options visible there (its own and inherited), which of
/// them take a value and where their values come from, and the source of each positional
/// argument. The bash, zsh and fish scripts are three renderings of this one model, so they
/// cannot disagree with each other or with `--help`.
public struct CompletionModel: Sendable {
    /// Where the candidates for a value come from.
    public enum Source: Sendable, Equatable {
        /// Free text: nothing to offer.
        case none
        /// A fixed set (`allowedValues`).
        case values([String])
        /// Paths on disk.
        case files
        /// Folders on disk.
        case directories
        /// The lines the program itself prints when run with these arguments (recent handles):
        /// the program is asked at completion time, so what it offers is current.
        case program([String])
    }

    public struct OptionEntry: Sendable, Equatable {
        /// `--name`, then `-x` when it has a short form.
        public let spellings: [String]
        public let takesValue: Bool
        public let help: String
        public let source: Source
    }

    /// One command of the tree, by its path without the program's name (`""` is the root).
    public struct Node: Sendable, Equatable {
        public let path: String
        public let subcommands: [(name: String, abstract: String)]
        public let options: [OptionEntry]
        /// One source per declared argument, in order; the last repeats when it is variadic.
        public let arguments: [Source]
        public let lastIsVariadic: Bool

        public static func == (lhs: Node, rhs: Node) -> Bool {
            lhs.path == rhs.path && lhs.subcommands.map(\.name) == rhs.subcommands.map(\.name)
                && lhs.options == rhs.options && lhs.arguments == rhs.arguments && lhs.lastIsVariadic == rhs.lastIsVariadic
        }
    }

    /// Chooses the source of an argument or option value that the declaration alone does not
    /// settle (an id whose handles the program can list). Nil keeps the default.
    public typealias Resolver = @Sendable (_ path: [String], _ name: String) -> Source?

    public let program: String
    public let nodes: [Node]

    public init(root: Command, resolver: Resolver? = nil) {
        program = root.name
        var nodes: [Node] = []
        Self.walk([root], resolver: resolver, into: &nodes)
        self.nodes = nodes
    }

    public func node(_ path: String) -> Node? { nodes.first { $0.path == path } }

    /// Every option value there is something to offer for, keyed as the scripts
    /// look it up when the option is typed: `path|--spelling` (and `path|-x`).
    public var optionSources: [(keys: [String], source: Source)] {
        nodes.flatMap { node in
            node.options.filter { $0.takesValue && $0.source != .none }
                .map { option in (option.spellings.map { node.path + "|" + $0 }, option.source) }
        }
    }

    private static func walk(_ chain: [Command], resolver: Resolver?, into nodes: inout [Node]) {
        let command = chain[chain.count - 1]
        let names = chain.dropFirst().map(\.name)
        // The nearest declaration of a name wins, as in the parser; own options first.
        var seen: Set<String> = []
        var options: [OptionEntry] = []
        for ancestor in chain.reversed() {
            for option in ancestor.options where !seen.contains(option.name) {
                seen.insert(option.name)
                let source = resolver?(names, "--" + option.name) ?? defaultSource(option)
                options.append(OptionEntry(spellings: ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []),
                                           takesValue: !option.isFlag, help: option.help, source: option.isFlag ? .none : source))
            }
        }
        let visible = chain.flatMap(\.options)
        if !seen.contains("help") {
            let short = visible.contains { $0.short == "h" } ? [] : ["-h"]
            options.append(OptionEntry(spellings: ["--help"] + short, takesValue: false, help: "Show help information.",
                                       source: .none))
        }
        let arguments = command.subcommands.isEmpty || command.run != nil ? command.arguments : []
        nodes.append(Node(
            path: names.joined(separator: " "),
            subcommands: command.subcommands.map { ($0.name, $0.abstract) },
            options: options,
            arguments: arguments.map { resolver?(names, "<\($0.name)>") ?? defaultSource($0) },
            lastIsVariadic: arguments.last?.isVariadic ?? false))
        for subcommand in command.subcommands {
            walk(chain + [subcommand], resolver: resolver, into: &nodes)
        }
    }

    /// Fixed sets from the declaration; files and folders by the placeholder's name.
    static func defaultSource(_ option: Option) -> Source {
        if let allowed = option.allowedValues { return .values(allowed) }
        switch option.valueName {
        case "FILE", "PATH": return .files
        case "DIR": return .directories
        default: return .none
        }
    }

    static func defaultSource(_ argument: Argument) -> Source {
        if let allowed = argument.allowedValues { return .values(allowed) }
        switch argument.name {
        case "file", "path": return .files
        case "dir", "folder": return .directories
        default: return .none
        }
    }
}

extension CompletionModel.Source {
    /// The source as one word of the scripts: `@values a b`, `@files`, `@dirs`,
    /// `@program …`, `@none`; each shell's offering function reads it back.
    var marker: String {
        switch self {
        case .none: "@none"
        case .values(let values): "@values " + values.joined(separator: " ")
        case .files: "@files"
        case .directories: "@dirs"
        case .program(let arguments): "@program " + arguments.joined(separator: " ")
        }
    }
}

/// The shells `tend completion` writes a script for.
public enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    /// The script that completes `model.program` in this shell.
    public func script(for model: CompletionModel) -> String {
        switch self {
        case .bash: BashCompletion.script(model)
        case .zsh: ZshCompletion.script(model)
        case .fish: FishCompletion.script(model)
        }
    }
}

/// Quoting shared by the renderers.
enum ShellQuote {
    /// A single-quoted word for bash, zsh and fish alike (`'` becomes `'\''`; fish reads `\'`
    /// inside single quotes, so fish has its own).
    static func posix(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    static func fish(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// A function name part from a program name (`tend-server` → `tend_server`).
    static func identifier(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The first sentence of a help text, short enough for a completion menu.
    static func summary(_ help: String) -> String {
        var text = help
        if let end = text.firstRange(of: ". ") { text = String(text[..<end.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        text = text.replacing("\n", with: " ")
        return text.count > 70 ? String(text.prefix(69)) + "…" : text
    }
}
