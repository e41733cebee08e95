/// A positional argument of a leaf command.
public struct Argument: Sendable {
    /// Shown as `<name>`, or `[name]` when optional.
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// When set, a value outside the list is a usage error that names the allowed values.
    public var allowedValues: [String]?
    /// The last argument may take every remaining value (`SET...`).
    public var isVariadic: Bool

    public init(_ name: String, help: String, isOptional: Bool = false, allowedValues: [String]? = nil, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.allowedValues = allowedValues
        self.isVariadic = isVariadic
    }

    /// How the argument appears in usage lines, help and error messages.
    var displayName: String { (isOptional ? "[\(name)]" : "<\(name)>") + (isVariadic ? "..." : "") }
}
