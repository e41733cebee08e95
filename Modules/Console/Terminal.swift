import Core
#if canImport(Glibc)
import Glibc
#endif

/// The interactive side of a terminal: asking a question on stdin, and editing a longer text
/// in the person's `$EDITOR`. Commands use these only when stdin is a terminal.
public enum Terminal {
    public static var isInputTerminal: Bool { isatty(0) == 1 }

    /// Prints `question` and reads one line; nil at end of input. An answer with a control
    /// character (ESC, BEL, NUL…) is a usage error, as it is on the command line.
    public static func ask(_ question: String, output: Output) throws -> String? {
        output.write(question + " ")
        guard let line = readLine(strippingNewline: true) else { return nil }
        try UsageError.checkText(line, name: "the answer")
        return line
    }

    /// Reads all of stdin (for text piped into a command). Windows line ends become newlines;
    /// text with another control character (ESC, BEL, NUL…) is a usage error.
    public static func readAllInput() throws -> String {
        var lines: [String] = []
        while let line = readLine(strippingNewline: false) { lines.append(line) }
        return try checkedText(lines.joined(), from: "the text on stdin")
    }

    /// `text` with `\r\n` line ends as `\n`, refused when it holds any other control character.
    static func checkedText(_ text: String, from name: String) throws -> String {
        let text = text.contains("\r\n") ? text.replacing("\r\n", with: "\n") : text
        try UsageError.checkText(text, name: name)
        return text
    }

    /// Opens `$VISUAL`/`$EDITOR` (else `vi`) on a temporary file holding `template`; returns the
    /// text saved, without the lines that start with `#` (refused, as stdin is, with a control character).
    public static func edit(template: String, environment: [String: String]) throws -> String {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        var path = Array("/tmp/tend-edit-XXXXXX.md".utf8CString)
        let descriptor = path.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard descriptor >= 0 else { throw AppError.unavailable("cannot create a temporary file for the editor", code: "editor_failed") }
        let file = String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(file) }
        FileDescriptorStream(descriptor: descriptor).write(template)
        close(descriptor)
        // The editor gets the terminal; the file name is quoted for the shell.
        let status = system("\(editor) '\(file)'")
        guard status == 0 else { throw AppError.unavailable("the editor '\(editor)' exited with an error", code: "editor_failed") }
        guard let handle = fopen(file, "r") else { return "" }
        defer { fclose(handle) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), handle) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !line.hasPrefix("#") { text += line }
        }
        return try checkedText(text, from: "the text from the editor")
    }
}
