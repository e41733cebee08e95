import Core
import Synchronization

/// Where commands print. The live one writes to file descriptors 1 and 2; tests capture.
/// Writes are serialized so that lines from concurrent work never interleave.
public final class Output: Sendable {
    public let isTerminal: Bool
    private let standardOutput: @Sendable (String) -> Void
    private let standardError: @Sendable (String) -> Void
    private let lock = Mutex(())

    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        isTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isTerminal = isTerminal
    }

    /// The process's real stdout and stderr; `isTerminal` follows stdout.
    public static func live() -> Output {
        let out = FileDescriptorStream.standardOutput
        let err = FileDescriptorStream.standardError
        return Output(
            standardOutput: { out.write($0) },
            standardError: { err.write($0) },
            isTerminal: out.isTerminal
        )
    }

    /// An output that keeps everything written, for tests.
    public static func capturing(isTerminal: Bool = false) -> (Output, CapturedText) {
        let captured = CapturedText()
        let output = Output(
            standardOutput: { captured.append(stdout: $0) },
            standardError: { captured.append(stderr: $0) },
            isTerminal: isTerminal
        )
        return (output, captured)
    }

    /// Writes `text` and a newline to stdout, control characters shown (`String.printable`).
    public func print(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` and a newline to stderr, control characters shown (`String.printable`).
    public func printError(_ text: String) {
        let shown = (text + "\n").printable
        lock.withLock { _ in standardError(shown) }
    }

    /// Writes `text` to stdout without a newline (a question before the answer), control
    /// characters shown: text a person stored — a partner's name, a note — can never move the
    /// cursor or rewrite the screen. Newlines and tabs are kept.
    public func write(_ text: String) {
        let shown = text.printable
        lock.withLock { _ in standardOutput(shown) }
    }

    /// Writes one of Tend's own terminal sequences as it is, then `text` with its control
    /// characters shown, in one write: the only way a control character reaches the terminal.
    public func write(_ control: TerminalControl, _ text: String = "") {
        let shown = control.rawValue + text.printable
        lock.withLock { _ in standardOutput(shown) }
    }
}

/// The terminal sequences Tend writes itself (`Output.write(_:_:)`); every other control
/// character written through `Output` is shown in caret notation instead.
public enum TerminalControl: String, Sendable, CaseIterable {
    /// BEL: a live timer's phase changes.
    case bell = "\u{7}"
    /// Back to the start of the line and erase it (`CR`, `ESC [ 2 K`): a live line is redrawn.
    case redrawLine = "\r\u{1B}[2K"
}

/// Text written to a capturing `Output`.
public final class CapturedText: Sendable {
    private let state = Mutex((stdout: "", stderr: ""))

    public init() {}

    public var stdout: String { state.withLock { $0.stdout } }
    public var stderr: String { state.withLock { $0.stderr } }

    func append(stdout text: String) { state.withLock { $0.stdout += text } }
    func append(stderr text: String) { state.withLock { $0.stderr += text } }
}
