import FoundationEssentials
import Core

/// Writing a file a command was asked to produce (`--svg`, `--out`): atomically, and with an
/// error that says what to check instead of a system message; then saying where it went.
///
/// The rule every command that writes a file follows: in text mode the last line on stdout is
/// `Wrote <path>.` with the path made absolute; under `--json` stdout stays exactly the
/// command's JSON document and the same line goes to stderr.
public enum TextFile {
    /// Writes `text` to `path` and returns the path as `announce` reports it: absolute.
    @discardableResult
    public static func write(_ text: String, to path: String) throws -> String {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AppError.unavailable("cannot write \(path): check that its folder exists and is writable", code: "write_failed")
        }
        return absolute(path)
    }

    /// Says where a file went: `Wrote <path>.` on stdout in text mode, on stderr under `--json`
    /// so that stdout stays one JSON document. `message` words the line differently (another
    /// language) around the path.
    public static func announce(_ path: String, in invocation: Invocation, message: (String) -> String = { "Wrote \($0)." }) {
        let line = message(absolute(path))
        if GlobalOptions.wantsJSON(invocation) {
            invocation.output.printError(line)
        } else {
            invocation.output.print(line)
        }
    }

    /// `path` against the current directory when it is relative; unchanged when absolute.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let directory = FileManager.default.currentDirectoryPath
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
