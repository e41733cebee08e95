/// An option (`--at <TIME>`) or a flag (`--force`) of a command, inherited by its subcommands.
public struct Option: Sendable {
    /// Long name without dashes, kebab-case: `at`, `long-guard-hours`.
    public var name: String
    public var short: Character?
    /// Nil for a flag; otherwise the placeholder shown as `--at <TIME>`.
    public var valueName: String?
    public var help: String
    public var allowedValues: [String]?

    public static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
        Option(name: name, short: short, valueName: nil, help: help, allowedValues: nil)
    }

    public static func value(
        _ name: String,
        short: Character? = nil,
        valueName: String,
        help: String,
        allowedValues: [String]? = nil
    ) -> Option {
        Option(name: name, short: short, valueName: valueName, help: help, allowedValues: allowedValues)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--name` as written in messages and help.
    var spelling: String { "--\(name)" }
}
