/// What a run closure receives: the parsed arguments and options of one command line,
/// including options inherited from ancestor commands (`--db`, `--json`).
public struct Invocation: Sendable {
    /// The command names walked, e.g. `["tend", "insulin", "log"]`.
    public let commandPath: [String]
    public let output: Output
    /// The language of the screen (`--lang`, else `$LANG`): what a command prints should follow it.
    public let language: DisplayLanguage

    private let arguments: [String: String]
    private let argumentLists: [String: [String]]
    private let values: [String: [String]]
    private let flags: Set<String>
    /// The options and arguments the command chain declares; nil for an invocation built by hand.
    private let declared: Set<String>?

    /// Builds an invocation directly, for tests of code that takes one.
    public init(
        commandPath: [String],
        arguments: [String: String] = [:],
        argumentLists: [String: [String]] = [:],
        options: [String: [String]] = [:],
        flags: Set<String> = [],
        output: Output,
        language: DisplayLanguage = .en,
        declared: Set<String>? = nil
    ) {
        self.declared = declared
        self.commandPath = commandPath
        self.arguments = arguments
        self.argumentLists = argumentLists
        self.values = options
        self.flags = flags
        self.output = output
        self.language = language
    }

    /// The positional argument with this name, nil when an optional one was left out.
    public func argument(_ name: String) -> String? { arguments[checked(name)] }

    /// Every value of a variadic argument (`SET...`), in order.
    public func arguments(_ name: String) -> [String] { argumentLists[checked(name)] ?? arguments[name].map { [$0] } ?? [] }

    /// The last value given for a value option (later ones override earlier ones).
    public func option(_ name: String) -> String? { values[checked(name)]?.last }

    /// Every value given for a value option, in order (`--tag a --tag b`).
    public func options(_ name: String) -> [String] { values[checked(name)] ?? [] }

    public func flag(_ name: String) -> Bool { flags.contains(checked(name)) }

    /// Whether the option or flag was given at all.
    public func has(_ name: String) -> Bool { flags.contains(checked(name)) || values[name] != nil }

    // Reading by the declaration itself: the name cannot drift from what the command declares.
    public func option(_ option: Option) -> String? { self.option(option.name) }
    public func options(_ option: Option) -> [String] { options(option.name) }
    public func flag(_ option: Option) -> Bool { flag(option.name) }
    public func has(_ option: Option) -> Bool { has(option.name) }
    public func option<T>(_ option: Option, expected: String, _ parse: (String) -> T?) throws -> T? {
        try self.option(option.name, expected: expected, parse)
    }

    /// Every name a command reads is one its chain declares: reading another is a typo that
    /// would silently read nothing. Tests (debug builds) stop at it; a release build reads nil.
    private func checked(_ name: String) -> String {
        assert(declared?.contains(name) ?? true, "\(commandPath.joined(separator: " ")) reads '\(name)', which it does not declare")
        return name
    }

    /// Prints the JSON under `--json`, else the text: the one place that decides.
    public func respond<T: Encodable>(json: () throws -> T, text: () throws -> String) throws {
        if GlobalOptions.wantsJSON(self) {
            try output.printJSON(try json())
        } else {
            output.print(try text())
        }
    }

    /// Parses an option's value; nil when it was not given. A value the closure rejects is a
    /// usage error: "invalid value 'x' for --units: <expected>".
    public func option<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = option(name) else { return nil }
        guard let value = parse(text) else {
            throw UsageError("invalid value '\(text)' for --\(name): \(expected)", key: UsageError.Key.invalidValue,
                             arguments: ["value": text, "name": "--\(name)", "expected": expected])
        }
        return value
    }

    /// Parses a positional argument's value; nil when it was not given.
    public func argument<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = argument(name) else { return nil }
        guard let value = parse(text) else {
            throw UsageError("invalid value '\(text)' for <\(name)>: \(expected)", key: UsageError.Key.invalidValue,
                             arguments: ["value": text, "name": "<\(name)>", "expected": expected])
        }
        return value
    }
}
