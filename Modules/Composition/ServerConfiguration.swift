import FoundationEssentials
import Console
import Core

/// `tend-server`'s settings as they apply: the defaults, then `server.conf`, then environment
/// variables, then command-line options, each later one winning.
///
/// The file is lines of `key = value`. Blank lines and lines whose first non-blank character is
/// `#` or `;` are ignored; a `#` later in a line is part of the value. A value may be written in
/// double quotes to keep spaces at its ends. Every key is one of `ServerSetting.all`, at most
/// once. Whatever is wrong is reported with the file, the line and the key, all of it at once.
public struct ServerConfiguration: Sendable {
    /// Where a value came from, as `check-config` shows it.
    public enum Origin: Sendable, Equatable {
        case defaultValue
        case file(String, line: Int)
        case environment(String)
        case option(String)

        public var description: String {
            switch self {
            case .defaultValue: "default"
            case .file(let path, let line): "\(path):\(line)"
            case .environment(let name): "environment \(name)"
            case .option(let name): "option --\(name)"
            }
        }
    }

    /// One thing wrong, located as precisely as it can be: `server.conf:12: port: expected …`.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let origin: Origin?
        public let key: String?
        public let message: String

        public var description: String {
            var text = ""
            switch origin {
            case .file(let path, let line): text = "\(path):\(line): "
            case .environment(let name): text = "\(name): "
            case .option(let name): text = "--\(name): "
            case .defaultValue, nil: break
            }
            if let key, origin.map({ if case .file = $0 { true } else { false } }) ?? true { text += "\(key): " }
            return text + message
        }
    }

    /// Everything wrong with a configuration.
    public struct Invalid: Error, Sendable, Equatable {
        public let problems: [Problem]
    }

    public struct Value: Sendable, Equatable {
        public let text: String
        public let origin: Origin
    }

    /// The file read, nil when there was none (the default path need not exist).
    public let file: String?
    public let values: [String: Value]

    // MARK: Loading

    /// - Parameters:
    ///   - path: `--config`; nil reads `ServerSetting.defaultConfigurationPath` if it exists.
    ///   - options: values given on the command line, by setting key.
    public static func load(path: String?, environment: [String: String], options: [String: String])
        -> Result<ServerConfiguration, Invalid> {
        var problems: [Problem] = []
        var fileValues: [String: (text: String, line: Int)] = [:]
        let filePath = path ?? (FileManager.default.fileExists(atPath: ServerSetting.defaultConfigurationPath)
            ? ServerSetting.defaultConfigurationPath : nil)
        if let filePath {
            switch read(filePath) {
            case .success(let text):
                let parsed = parse(text, file: filePath)
                fileValues = parsed.values
                problems += parsed.problems
            case .failure(let problem):
                problems.append(problem)
            }
        }
        var values: [String: Value] = [:]
        for setting in ServerSetting.all {
            if let defaultValue = setting.defaultValue { values[setting.key] = Value(text: defaultValue, origin: .defaultValue) }
            if let (text, line) = fileValues[setting.key] {
                values[setting.key] = Value(text: text, origin: .file(filePath ?? "", line: line))
            }
            if let text = environment[setting.environmentName], !text.isEmpty {
                let origin = Origin.environment(setting.environmentName)
                if let problem = check(text, for: setting, inFile: false) {
                    problems.append(Problem(origin: origin, key: setting.key, message: problem))
                } else {
                    values[setting.key] = Value(text: text, origin: origin)
                }
            }
            if let text = options[setting.key], let option = setting.option {
                let origin = Origin.option(option)
                if let problem = check(text, for: setting, inFile: false) {
                    problems.append(Problem(origin: origin, key: setting.key, message: problem))
                } else {
                    values[setting.key] = Value(text: text, origin: origin)
                }
            }
            // An empty text value (`openweather_key =`) means unset.
            if values[setting.key]?.text.isEmpty == true { values[setting.key] = nil }
        }
        guard problems.isEmpty else { return .failure(Invalid(problems: problems)) }
        return .success(ServerConfiguration(file: filePath, values: values))
    }

    static func read(_ path: String) -> Result<String, Problem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (permissions?)" : "does not exist"
            return .failure(Problem(origin: nil, key: nil, message: "the configuration file \(path) \(reason)"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(Problem(origin: nil, key: nil, message: "the configuration file \(path) is not UTF-8 text"))
        }
        return .success(text)
    }

    /// The file's `key = value` lines, each checked; every problem, not only the first.
    public static func parse(_ text: String, file: String) -> (values: [String: (text: String, line: Int)], problems: [Problem]) {
        var values: [String: (text: String, line: Int)] = [:]
        var problems: [Problem] = []
        let keys = ServerSetting.all.map(\.key)
        // "\r\n" is one Character in Swift: split on it as well as on "\n".
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let origin = Origin.file(file, line: number)
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            let content = line.trimmed
            if content.isEmpty || content.hasPrefix("#") || content.hasPrefix(";") { continue }
            guard let equals = content.firstIndex(of: "=") else {
                problems.append(Problem(origin: origin, key: nil, message: "expected 'key = value', got '\(content.printable)'"))
                continue
            }
            let key = String(content[..<equals]).trimmed
            var value = String(content[content.index(after: equals)...]).trimmed
            guard let setting = ServerSetting.named(key) else {
                var message = key.isEmpty ? "a line without a key" : "unknown key '\(key.printable)'"
                if let suggestion = Suggestion.closest(to: key, among: keys) { message += "; did you mean '\(suggestion)'?" }
                problems.append(Problem(origin: origin, key: nil, message: message))
                continue
            }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            } else if value.hasPrefix("\"") || (value.hasSuffix("\"") && value.count > 1) {
                problems.append(Problem(origin: origin, key: key, message: "a quoted value must start and end with '\"'"))
                continue
            }
            if let first = values[key] {
                problems.append(Problem(origin: origin, key: key, message: "set twice (first on line \(first.line))"))
                continue
            }
            // An empty value leaves the setting unset; only a text setting can be unset.
            if value.isEmpty, case .text = setting.kind {
                values[key] = (value, number)
                continue
            }
            if let problem = check(value, for: setting, inFile: true) {
                problems.append(Problem(origin: origin, key: key, message: problem))
                continue
            }
            values[key] = (value, number)
        }
        return (values, problems)
    }

    static func check(_ text: String, for setting: ServerSetting, inFile: Bool) -> String? {
        if text.hasControlCharacters { return "control characters are not allowed in a value" }
        return setting.problem(with: text, inFile: inFile)
    }

    // MARK: Reading values

    public func text(_ key: String) -> String? { values[key]?.text }

    /// A whole-number setting; its value was checked when loaded.
    public func integer(_ key: String) -> Int { Int(values[key]?.text ?? "") ?? 0 }

    /// The worker threads: as set, else the default for the database's engine.
    public var threads: Int {
        text("threads") != nil ? integer("threads") : ServerSetting.defaultThreads(onPostgreSQL: text("database_url") != nil)
    }

    /// Connections to PostgreSQL: as set, else one a thread, but no more than
    /// `ServerSetting.defaultPoolLimit` (several servers on one PostgreSQL's 100 connections).
    public var databasePool: Int {
        text("database_pool") != nil ? integer("database_pool") : min(threads, ServerSetting.defaultPoolLimit)
    }

    public func boolean(_ key: String) -> Bool { values[key].flatMap { ServerSetting.boolean($0.text) } ?? false }

    /// Keys whose values differ from `other`'s: what a reload changes.
    public func changedKeys(from other: ServerConfiguration) -> [String] {
        ServerSetting.all.map(\.key).filter { values[$0]?.text != other.values[$0]?.text }
    }

    /// `check-config`'s listing: every setting, its value (secrets as `(set)`) and its origin.
    public func report() -> String {
        let rows = ServerSetting.all.map { setting -> (String, String, String) in
            guard let value = values[setting.key] else {
                // Defaults that depend on the machine or on other settings: the value in use.
                if setting.key == "threads" { return (setting.key, String(threads), "default") }
                if setting.key == "database_pool", text("database_url") != nil { return (setting.key, String(databasePool), "default") }
                return (setting.key, "(unset)", "")
            }
            return (setting.key, setting.isSecret ? "(set)" : value.text, value.origin.description)
        }
        let keyWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = min(40, rows.map(\.1.count).max() ?? 0)
        return rows.map { key, value, origin in
            let padded = key + String(repeating: " ", count: keyWidth - key.count + 2)
            let shown = value + String(repeating: " ", count: max(0, valueWidth - value.count) + 2)
            return (padded + shown + origin).trimmingTrailingSpaces
        }.joined(separator: "\n")
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
