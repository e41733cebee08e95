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

    /// Builds an invocation directly, for tests of code that takes one.
    public init(
        commandPath: [String],
        arguments: [String: String] = [:],
        argumentLists: [String: [String]] = [:],
        options: [String: [String]] = [:],
        flags: Set<String> = [],
        output: Output,
        language: DisplayLanguage = .en
    ) {
        self.commandPath = commandPath
        self.arguments = arguments
        self.argumentLists = argumentLists
        self.values = options
        self.flags = flags
        self.output = output
        self.language = language
    }

    /// The positional argument with this name, nil when an optional one was left out.
    public func argument(_ name: String) -> String? { arguments[name] }

    /// Every value of a variadic argument (`SET...`), in order.
    public func arguments(_ name: String) -> [String] { argumentLists[name] ?? arguments[name].map { [$0] } ?? [] }

    /// The last value given for a value option (later ones override earlier ones).
    public func option(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a value option, in order (`--tag a --tag b`).
    public func options(_ name: String) -> [String] { values[name] ?? [] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Whether the option or flag was given at all.
    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

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
