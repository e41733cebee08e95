import Core

/// The user typed something the command tree does not accept: exit code 2 and a pointer to `--help`.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// Which usage error this is, for a translation (`Catalog.message(for:)`); nil for one
    /// written freely by a command, which is shown as written.
    public let key: String?
    /// The values in the message (`option`, `value`, `expected`, `suggestion`…).
    public let arguments: [String: String]

    public init(_ message: String) {
        self.init(message, key: nil, arguments: [:])
    }

    public init(_ message: String, key: String?, arguments: [String: String] = [:]) {
        self.message = message
        self.key = key
        self.arguments = arguments
    }

    public var description: String { message }

    /// Two usage errors are the same when they say the same thing.
    public static func == (lhs: UsageError, rhs: UsageError) -> Bool { lhs.message == rhs.message }

    /// `missing --amount N`: a command needs an option that was not given.
    public static func missing(_ option: String) -> UsageError {
        UsageError("missing \(option)", key: Key.missingOption, arguments: ["option": option])
    }

    /// `--note holds a control character…`: a value or text with ESC, BEL, NUL, DEL or a C1
    /// control (newlines and tabs are text). `name` is the option (`--note`), the argument
    /// (`<text>`) or where the text came from (`the text on stdin`).
    public static func controlCharacter(in name: String) -> UsageError {
        UsageError("\(name) holds a control character (such as ESC, BEL or NUL); only printable text, newlines and tabs are allowed",
                   key: Key.controlCharacter, arguments: ["name": name])
    }

    /// Refuses `text` when it holds a control character other than newline and tab.
    public static func checkText(_ text: String, name: String) throws {
        if text.hasControlCharacters { throw controlCharacter(in: name) }
    }

    /// The keys of the usage errors the console itself reports.
    public enum Key {
        public static let unknownOption = "unknown_option"
        public static let unknownCommand = "unknown_command"
        public static let missingArgument = "missing_argument"
        public static let unexpectedArgument = "unexpected_argument"
        public static let notAllowed = "not_allowed"
        public static let invalidValue = "invalid_value"
        public static let missingValue = "missing_value"
        public static let flagWithValue = "flag_with_value"
        public static let missingOption = "missing_option"
        public static let controlCharacter = "control_character"
    }
}
