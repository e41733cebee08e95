import Core

/// Turns a command line into what to do: run a command, show help, or report a usage error.
///
/// Parsing does not stop at the first error: it records it and keeps walking, so that
/// `-h`/`--help` anywhere still shows the help of the deepest command reached.
struct Parser {
    enum Outcome {
        case run(Command, Invocation)
        /// Help for the last command of the chain (root first).
        case help([Command])
        case failure(UsageError, path: [String])
    }

    let root: Command
    var language: DisplayLanguage = .en

    func parse(_ tokens: [String], output: Output) -> Outcome {
        var state = State(chain: [root], tokens: tokens)
        state.scan()

        let path = state.chain.map(\.name)
        if state.isHelpTopic {
            if let error = state.topicError { return .failure(error, path: path) }
            return .help(state.chain)
        }
        if state.helpRequested { return .help(state.chain) }
        if let error = state.firstError { return .failure(error, path: path) }

        let command = state.chain[state.chain.count - 1]
        guard command.run != nil else {
            // A bare group: show what it offers instead of failing.
            return .help(state.chain)
        }
        switch match(state.positionals, to: command.arguments) {
        case .failure(let error):
            return .failure(error, path: path)
        case .success(let arguments):
            var lists: [String: [String]] = [:]
            if let last = command.arguments.last, last.isVariadic {
                lists[last.name] = Array(state.positionals.dropFirst(command.arguments.count - 1))
            }
            let invocation = Invocation(
                commandPath: path,
                arguments: arguments,
                argumentLists: lists,
                options: state.values,
                flags: state.flags,
                output: output,
                language: language,
                declared: Set(state.chain.flatMap(\.options).map(\.name) + command.arguments.map(\.name))
            )
            return .run(command, invocation)
        }
    }

    /// Pairs positional values with the leaf's declared arguments, in order.
    private func match(_ positionals: [String], to declared: [Argument]) -> Result<[String: String], UsageError> {
        var arguments: [String: String] = [:]
        for (index, argument) in declared.enumerated() {
            guard index < positionals.count else {
                if argument.isOptional { continue }
                return .failure(UsageError("missing argument <\(argument.name)>", key: UsageError.Key.missingArgument,
                                           arguments: ["argument": "<\(argument.name)>"]))
            }
            let value = positionals[index]
            if value.hasControlCharacters { return .failure(.controlCharacter(in: "<\(argument.name)>")) }
            if let allowed = argument.allowedValues, !allowed.contains(value) {
                return .failure(Self.notAllowed(value, for: "<\(argument.name)>", allowed: allowed))
            }
            arguments[argument.name] = value
        }
        if let last = declared.last, last.isVariadic,
           positionals.dropFirst(declared.count).contains(where: \.hasControlCharacters) {
            return .failure(.controlCharacter(in: "<\(last.name)>"))
        }
        if let last = declared.last, last.isVariadic, let allowed = last.allowedValues {
            for value in positionals.dropFirst(declared.count) where !allowed.contains(value) {
                return .failure(Self.notAllowed(value, for: "<\(last.name)>", allowed: allowed))
            }
        }
        if positionals.count > declared.count, declared.last?.isVariadic != true {
            return .failure(Self.unexpected(positionals[declared.count]))
        }
        return .success(arguments)
    }

    static func notAllowed(_ value: String, for name: String, allowed: [String]) -> UsageError {
        var message = "invalid value '\(value)' for \(name): expected one of \(allowed.joined(separator: ", "))"
        var arguments = ["value": value, "name": name, "allowed": allowed.joined(separator: ", ")]
        if let suggestion = Suggestion.closest(to: value, among: allowed) {
            message += ". Did you mean '\(suggestion)'?"
            arguments["suggestion"] = suggestion
        }
        return UsageError(message, key: UsageError.Key.notAllowed, arguments: arguments)
    }

    static func unexpected(_ value: String) -> UsageError {
        UsageError("unexpected argument '\(value)'", key: UsageError.Key.unexpectedArgument, arguments: ["value": value])
    }
}

extension Parser {
    /// The walk over the tokens; mutable so that the steps stay small functions.
    struct State {
        var chain: [Command]
        let tokens: [String]
        var index = 0
        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var firstError: UsageError?
        var helpRequested = false
        /// `tend help insulin log`: the positionals name the command whose help to show.
        var isHelpTopic = false
        var topicError: UsageError?
        /// Set once a group met a name it does not know: stop treating tokens as subcommands.
        var walkStopped = false

        init(chain: [Command], tokens: [String]) {
            self.chain = chain
            self.tokens = tokens
        }

        mutating func scan() {
            var onlyPositionals = false
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                if onlyPositionals {
                    positional(token)
                } else if token == "--" {
                    onlyPositionals = true
                } else if token.hasPrefix("--") {
                    longOption(token)
                } else if token.hasPrefix("-"), token.count > 1, !isNegativeNumber(token) {
                    shortOptions(token)
                } else {
                    positional(token)
                }
            }
        }

        // MARK: Options

        /// The option visible at this point of the walk: the nearest declaration wins.
        func option(named name: String) -> Option? {
            for command in chain.reversed() {
                if let option = command.options.first(where: { $0.name == name }) { return option }
            }
            return nil
        }

        func option(short: Character) -> Option? {
            for command in chain.reversed() {
                if let option = command.options.first(where: { $0.short == short }) { return option }
            }
            return nil
        }

        var visibleOptionNames: [String] {
            chain.flatMap { $0.options.map(\.name) } + (option(named: "help") == nil ? ["help"] : [])
        }

        /// A negative number is a value, unless a command declared that digit as a short option.
        func isNegativeNumber(_ token: String) -> Bool {
            let body = token.dropFirst()
            guard let first = body.first, first.isNumber || first == "." else { return false }
            guard Double(body) != nil else { return false }
            return option(short: first) == nil
        }

        func isHelpToken(_ token: String) -> Bool {
            (token == "--help" && option(named: "help") == nil) || (token == "-h" && option(short: "h") == nil)
        }

        mutating func longOption(_ token: String) {
            let body = token.dropFirst(2)
            let name: String
            let inline: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inline = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                inline = nil
            }
            if let option = option(named: name) {
                apply(option, inline: inline)
            } else if name == "help" {
                helpRequested = true
            } else {
                var message = "unknown option '--\(name)'"
                var arguments = ["option": "--\(name)"]
                if let suggestion = Suggestion.closest(to: name, among: visibleOptionNames) {
                    message += ". Did you mean '--\(suggestion)'?"
                    arguments["suggestion"] = "--\(suggestion)"
                }
                record(UsageError(message, key: UsageError.Key.unknownOption, arguments: arguments))
            }
        }

        /// `-f`, `-a VALUE`, `-aVALUE` and clusters of flags such as `-fv`.
        mutating func shortOptions(_ token: String) {
            let letters = Array(token.dropFirst())
            for (position, letter) in letters.enumerated() {
                guard let option = option(short: letter) else {
                    if letter == "h" {
                        helpRequested = true
                        continue
                    }
                    record(UsageError("unknown option '-\(letter)'", key: UsageError.Key.unknownOption,
                                      arguments: ["option": "-\(letter)"]))
                    return
                }
                if option.isFlag {
                    apply(option, inline: nil)
                    continue
                }
                var rest = String(letters[(position + 1)...])
                if rest.hasPrefix("=") { rest.removeFirst() }
                apply(option, inline: rest.isEmpty && position == letters.count - 1 ? nil : rest)
                return
            }
        }

        mutating func apply(_ option: Option, inline: String?) {
            if option.isFlag {
                if inline != nil {
                    record(UsageError("option \(option.spelling) does not take a value", key: UsageError.Key.flagWithValue,
                                      arguments: ["option": option.spelling]))
                } else {
                    flags.insert(option.name)
                }
                return
            }
            var value = inline
            // The next token is the value even when it starts with '-' (`--units -3`), but not
            // when it ends options or asks for help: then the value is missing.
            if value == nil, index < tokens.count, tokens[index] != "--", !isHelpToken(tokens[index]) {
                value = tokens[index]
                index += 1
            }
            guard let value else {
                record(UsageError("missing value for \(option.spelling)", key: UsageError.Key.missingValue,
                                  arguments: ["option": option.spelling]))
                return
            }
            if value.hasControlCharacters {
                record(.controlCharacter(in: option.spelling))
                return
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                record(Parser.notAllowed(value, for: option.spelling, allowed: allowed))
                return
            }
            values[option.name, default: []].append(value)
        }

        // MARK: Positionals and subcommands

        mutating func positional(_ token: String) {
            let current = chain[chain.count - 1]
            let walking = !walkStopped && positionals.isEmpty && !current.subcommands.isEmpty
            guard walking else {
                if isHelpTopic, topicError == nil {
                    topicError = Parser.unexpected(token)
                }
                positionals.append(token)
                return
            }
            if let subcommand = current.subcommand(named: token) {
                chain.append(subcommand)
                return
            }
            if token == "help", !isHelpTopic {
                isHelpTopic = true
                return
            }
            if current.arguments.isEmpty || isHelpTopic {
                let error = Parser.unknownCommand(token, in: chain)
                if isHelpTopic {
                    topicError = topicError ?? error
                } else {
                    record(error)
                }
                walkStopped = true
            }
            positionals.append(token)
        }

        mutating func record(_ error: UsageError) {
            if firstError == nil { firstError = error }
        }
    }

    static func unknownCommand(_ name: String, in chain: [Command]) -> UsageError {
        let group = chain[chain.count - 1]
        let path = chain.map(\.name).joined(separator: " ")
        var message = "unknown command '\(name)' for '\(path)'"
        var arguments = ["command": name, "path": path]
        if let suggestion = Suggestion.closest(to: name, among: group.subcommands.map(\.name)) {
            message += ". Did you mean '\(suggestion)'?"
            arguments["suggestion"] = suggestion
        }
        return UsageError(message, key: UsageError.Key.unknownCommand, arguments: arguments)
    }
}
