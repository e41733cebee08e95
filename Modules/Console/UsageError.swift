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
    }
}
