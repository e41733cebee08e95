/// One command in the tree. Leaf commands have `run`; groups have `subcommands`.
/// A group without `run` prints its help when called bare, like `git` with no subcommand.
public struct Command: Sendable {
    public var name: String
    /// One line, shown in the parent's command list and at the top of this command's help.
    public var abstract: String
    /// Optional paragraph(s) shown in help after the abstract, printed as written.
    public var discussion: String?
    /// Positional arguments, matched in order.
    public var arguments: [Argument]
    /// Options and flags of this command; subcommands inherit them.
    public var options: [Option]
    public var subcommands: [Command]
    public var run: (@Sendable (Invocation) throws -> Void)?

    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        arguments: [Argument] = [],
        options: [Option] = [],
        subcommands: [Command] = [],
        run: (@Sendable (Invocation) throws -> Void)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.run = run
    }

    func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}
