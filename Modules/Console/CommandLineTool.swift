import Core

/// Runs a command tree against a command line and turns the outcome into an exit code.
public struct CommandLineTool: Sendable {
    public let root: Command
    public let output: Output
    /// The words of the screen's language: help, usage errors and error messages in it, and its
    /// language handed to the commands (`Invocation.language`).
    public let catalog: Catalog

    public init(root: Command, output: Output, catalog: Catalog = .english) {
        self.root = root
        self.output = output
        self.catalog = catalog
    }

    /// `arguments` exclude the program name. Returns the process exit code:
    /// 0 success, 1 failure, 2 usage error or invalid input, 3 when a guard refused (conflict).
    public func run(_ arguments: [String]) -> Int32 {
        // Under --json a script reads errors as JSON too: `{"error": {"code", "message"}}` on stderr.
        let json = arguments.prefix { $0 != "--" }.contains("--" + GlobalOptions.json.name)
        switch Parser(root: root, language: catalog.language).parse(arguments, output: output) {
        case .help(let chain):
            output.print(HelpFormatter.render(chain, catalog: catalog))
            return ExitCode.success
        case .failure(let error, let path):
            reportUsage(error, path: path, json: json)
            return ExitCode.usage
        case .run(let command, let invocation):
            guard let run = command.run else { return ExitCode.success }
            do {
                try run(invocation)
                return ExitCode.success
            } catch let error as UsageError {
                reportUsage(error, path: invocation.commandPath, json: json)
                return ExitCode.usage
            } catch let error as AppError {
                report(code: error.code, message: catalog.message(for: error), json: json)
                // The command to type next, on a line of its own: the use cases never name one.
                if !json, let hint = catalog.hint(for: error) { output.printError(catalog.words.hintPrefix + hint) }
                return ExitCode.code(for: error.kind)
            } catch {
                report(code: AppError.Kind.internalFailure.defaultCode, message: "\(error)", json: json)
                return ExitCode.failure
            }
        }
    }

    /// The value of `--lang` on a command line (`--lang ko`, `--lang=ko`, before any `--`), so that
    /// the language is known before parsing: a usage error is already in it.
    public static func languageOption(in arguments: [String]) -> String? {
        var value: String?
        var tokens = arguments.prefix { $0 != "--" }.makeIterator()
        let spelling = "--" + GlobalOptions.language.name
        while let token = tokens.next() {
            if token == spelling {
                value = tokens.next()
            } else if token.hasPrefix(spelling + "=") {
                value = String(token.dropFirst(spelling.count + 1))
            }
        }
        return value
    }

    /// Accepts `CommandLine.arguments.dropFirst()` as is.
    public func run<Arguments: Sequence>(_ arguments: Arguments) -> Int32 where Arguments.Element == String {
        run(Array(arguments))
    }

    private func reportUsage(_ error: UsageError, path: [String], json: Bool) {
        report(code: "usage", message: catalog.message(for: error), json: json)
        if !json, let line = Catalog.fill(catalog.words.runHelp, ["path": path.joined(separator: " ")]) { output.printError(line) }
    }

    private func report(code: String, message: String, json: Bool) {
        guard json, let line = try? JSONText.encode(["error": ["code": code, "message": message]]) else {
            output.printError(catalog.words.errorPrefix + message)
            return
        }
        output.printError(line)
    }
}

/// The exit codes of `tend`, as the design fixes them.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
    public static let refused: Int32 = 3

    public static func code(for kind: AppError.Kind) -> Int32 {
        switch kind {
        case .conflict: refused
        case .invalidInput: usage
        default: failure
        }
    }
}
