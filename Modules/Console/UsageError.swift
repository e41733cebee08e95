/// The user typed something the command tree does not accept: exit code 2 and a pointer to `--help`.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
