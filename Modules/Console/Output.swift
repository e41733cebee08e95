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

    /// Writes `text` and a newline to stdout.
    public func print(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` and a newline to stderr.
    public func printError(_ text: String) {
        lock.withLock { _ in standardError(text + "\n") }
    }

    /// Writes `text` to stdout as is: for `\r` redraws of a live terminal line.
    public func write(_ text: String) {
        lock.withLock { _ in standardOutput(text) }
    }
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
