import Core

/// The language of the screen: help, error lines, and what a command prints. Commands are
/// declared in English; another language comes from a `Catalog` looked up by stable keys.
public enum DisplayLanguage: String, Sendable, CaseIterable {
    case en, ko
}

/// The words of one language other than English, each looked up by a key that does not change
/// when the English wording does: a command's path, an option's name, an error's code.
/// Anything missing from the catalog is shown in English.
public struct Catalog: Sendable {
    public var language: DisplayLanguage
    /// One-line abstracts by command path without the root: `""` is the root, `"insulin log"`.
    public var abstracts: [String: String]
    /// Discussions (the paragraph after the abstract) by command path.
    public var discussions: [String: String]
    /// Option help by `"insulin log --at"` (one command) or `"--at"` (wherever no command-specific one exists).
    public var options: [String: String]
    /// Argument help by `"insulin log <kind>"` or `"<id>"`.
    public var arguments: [String: String]
    /// Error messages by `AppError.code`, or `code.key` where one code has several messages, and
    /// usage errors by `usage.key`. `{name}` placeholders take the error's arguments; a template
    /// whose placeholders cannot all be filled is not used (the English message is shown).
    public var errors: [String: String]
    /// Short fixed phrases written into messages, such as what an invalid value should look
    /// like (`"a number"`), by their English text.
    public var phrases: [String: String]
    /// The command to type next after an error, by `code.key` or `code` (`CommandHints`).
    public var hints: [String: String]
    /// The console's own words: help headings, usage errors.
    public var words: ConsoleWords

    public init(language: DisplayLanguage, abstracts: [String: String] = [:], discussions: [String: String] = [:],
                options: [String: String] = [:], arguments: [String: String] = [:], errors: [String: String] = [:],
                phrases: [String: String] = [:], hints: [String: String] = CommandHints.english, words: ConsoleWords? = nil) {
        self.language = language
        self.abstracts = abstracts
        self.discussions = discussions
        self.options = options
        self.arguments = arguments
        self.errors = errors
        self.phrases = phrases
        self.hints = hints
        self.words = words ?? ConsoleWords.words(for: language)
    }

    /// English: the declarations as written.
    public static let english = Catalog(language: .en)

    /// `"insulin log"` for the chain `tend insulin log`.
    static func key(_ path: [String]) -> String { path.dropFirst().joined(separator: " ") }

    func abstract(of path: [String], english: String) -> String { abstracts[Self.key(path)] ?? english }

    func optionHelp(_ option: Option, path: [String], english: String) -> String {
        let spelling = "--\(option.name)"
        return options["\(Self.key(path)) \(spelling)"] ?? options[spelling] ?? english
    }

    func argumentHelp(_ argument: Argument, path: [String], english: String) -> String {
        let name = "<\(argument.name)>"
        return arguments["\(Self.key(path)) \(name)"] ?? arguments[name] ?? english
    }

    public func phrase(_ english: String) -> String { phrases[english] ?? english }

    /// The message of an error thrown by a command, in this language when the catalog has it.
    public func message(for error: AppError) -> String {
        let template = error.key.flatMap { errors["\(error.code).\($0)"] } ?? errors[error.code]
        guard var text = template.flatMap({ Self.fill($0, error.arguments) }) else { return error.message }
        if let suffix = error.arguments["suffix"], let sentence = errors["suffix.\(suffix)"] {
            text += sentence
        }
        return text
    }

    /// The line to print after an error: the `tend` command that helps, with the error's values
    /// written in; nil when the code has none or a value is missing.
    public func hint(for error: AppError) -> String? {
        let template = error.key.flatMap { hints["\(error.code).\($0)"] } ?? hints[error.code]
        return template.flatMap { Self.fill($0, error.arguments) }
    }

    /// The message of a usage error: the console's own ones and those the catalog knows.
    public func message(for error: UsageError) -> String {
        guard let key = error.key else { return error.message }
        var arguments = error.arguments
        if let expected = arguments["expected"] { arguments["expected"] = phrase(expected) }
        let template = errors["usage.\(key)"] ?? words.usage[key]
        guard var text = template.flatMap({ Self.fill($0, arguments) }) else { return error.message }
        if let suggestion = arguments["suggestion"], let didYouMean = Self.fill(words.didYouMean, ["suggestion": suggestion]) {
            text += didYouMean
        }
        return text
    }

    /// `template` with every `{name}` replaced, or nil when a placeholder has no value.
    public static func fill(_ template: String, _ values: [String: String]) -> String? {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else { return nil }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// The console kit's own words in one language: help headings and usage errors.
public struct ConsoleWords: Sendable {
    public var usageHeading: String
    public var argumentsHeading: String
    public var optionsHeading: String
    public var globalOptionsHeading: String
    public var subcommandsHeading: String
    public var showHelp: String
    /// `{values}`: the allowed values of an argument or option.
    public var allowedValues: String
    /// `{path}`: `tend insulin`.
    public var seeSubcommandHelp: String
    /// `{path}`: the command whose help to read after a usage error.
    public var runHelp: String
    /// The prefix of an error line on stderr.
    public var errorPrefix: String
    /// The prefix of the line after an error that names the command to type next.
    public var hintPrefix: String
    /// Appended to a usage error that has a suggestion; `{suggestion}`.
    public var didYouMean: String
    /// Usage error templates by `UsageError.key`.
    public var usage: [String: String]

    public static func words(for language: DisplayLanguage) -> ConsoleWords {
        language == .ko ? korean : english
    }

    public static let english = ConsoleWords(
        usageHeading: "USAGE", argumentsHeading: "ARGUMENTS", optionsHeading: "OPTIONS",
        globalOptionsHeading: "GLOBAL OPTIONS", subcommandsHeading: "SUBCOMMANDS",
        showHelp: "Show help information.", allowedValues: "(values: {values})",
        seeSubcommandHelp: "See '{path} <subcommand> --help' for detailed help.",
        runHelp: "Run '{path} --help' for usage.", errorPrefix: "error: ", hintPrefix: "hint: ",
        didYouMean: ". Did you mean '{suggestion}'?", usage: [:])

    public static let korean = ConsoleWords(
        usageHeading: "사용법", argumentsHeading: "인자", optionsHeading: "옵션",
        globalOptionsHeading: "공통 옵션", subcommandsHeading: "하위 명령",
        showHelp: "도움말을 보여 줘요.", allowedValues: "(값: {values})",
        seeSubcommandHelp: "하위 명령의 자세한 도움말은 '{path} <subcommand> --help'로 볼 수 있어요.",
        runHelp: "사용법은 '{path} --help'로 볼 수 있어요.", errorPrefix: "오류: ", hintPrefix: "힌트: ",
        didYouMean: " 혹시 '{suggestion}'인가요?",
        usage: [
            UsageError.Key.unknownOption: "알 수 없는 옵션이에요: {option}.",
            UsageError.Key.unknownCommand: "'{path}'에는 '{command}' 명령이 없어요.",
            UsageError.Key.missingArgument: "빠진 인자가 있어요: {argument}.",
            UsageError.Key.unexpectedArgument: "필요 없는 인자가 있어요: '{value}'.",
            UsageError.Key.notAllowed: "{name}에 쓸 수 없는 값이에요: '{value}'. 다음 중 하나로 써 주세요: {allowed}.",
            UsageError.Key.invalidValue: "{name}에 쓸 수 없는 값이에요: '{value}'. 이렇게 써 주세요: {expected}.",
            UsageError.Key.missingValue: "{option} 뒤에 값이 필요해요.",
            UsageError.Key.flagWithValue: "{option}에는 값을 줄 수 없어요.",
            UsageError.Key.missingOption: "필요한 옵션이 빠졌어요: {option}.",
            UsageError.Key.controlCharacter: "{name}에 제어 문자(ESC, BEL, NUL 같은)가 들어 있어요. 글자와 줄바꿈, 탭만 쓸 수 있어요.",
        ])
}
