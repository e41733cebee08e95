import FoundationEssentials
import Core

/// Writing a file a command was asked to produce (`--svg`, `--out`): atomically, and with an
/// error that says what to check instead of a system message.
public enum TextFile {
    public static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AppError.unavailable("cannot write \(path): check that its folder exists and is writable", code: "write_failed")
        }
    }
}
