import Foundation
import Testing
@testable import Console

/// The completion model read off a small tree, and the bash, zsh and fish scripts run in the
/// real shells (Scripts/setup installs them) against that tree.
@Suite("Completion")
struct CompletionTests {
    static let root = Fixture().tool.root

    @Test func theModelFollowsTheTree() throws {
        let model = CompletionModel(root: Self.root)
        #expect(model.nodes.map(\.path) == ["", "insulin", "insulin log", "insulin list", "fail", "hello"])
        let log = try #require(model.node("insulin log"))
        // Own options first, then inherited ones, then the built-in help.
        #expect(log.options.map(\.spellings) == [["--at"], ["--note", "-n"], ["--force", "-f"], ["--db"], ["--json"], ["--help", "-h"]])
        #expect(log.options.filter(\.takesValue).flatMap(\.spellings) == ["--at", "--note", "-n", "--db"])
        #expect(log.arguments == [.values(["long", "rapid"]), .none])
        let list = try #require(model.node("insulin list"))
        #expect(list.options.first { $0.spellings == ["--sort"] }?.source == .values(["asc", "desc"]))
        #expect(model.node("")?.subcommands.map(\.name) == ["insulin", "fail", "hello"])
        // The root's --db takes a PATH: a file.
        #expect(model.node("")?.options.first?.source == .files)
    }

    @Test func aResolverGivesIdsTheirSource() throws {
        let model = CompletionModel(root: Self.root) { path, name in
            path == ["insulin", "log"] && name == "<units>" ? .program(["units"]) : nil
        }
        #expect(model.node("insulin log")?.arguments == [.values(["long", "rapid"]), .program(["units"])])
    }

    /// What bash offers for `words` (the last one being typed), with the script for the tree loaded.
    static func bash(_ words: [String]) throws -> String {
        let script = Shell.bash.script(for: CompletionModel(root: root))
        return try run("/bin/bash", ["--norc", "--noprofile", "-c", """
            eval "$1"; shift
            complete -p tend >/dev/null || exit 9
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tend; echo "${COMPREPLY[*]}"
            """, "_", script] + words)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        #expect(try Self.bash(["tend", "ins"]) == "insulin")
        #expect(try Self.bash(["tend", "insulin", "log", ""]) == "long rapid")
        #expect(try Self.bash(["tend", "insulin", "log", "long", "--f"]) == "--force")
        #expect(try Self.bash(["tend", "insulin", "list", "--sort", ""]) == "asc desc")
        // An option's value is not a positional: the kind is still the first argument.
        #expect(try Self.bash(["tend", "insulin", "log", "--at", "12:00", "r"]) == "rapid")
        // `--db=` splits into three words in bash; what follows is the value.
        #expect(try Self.bash(["tend", "--json", "hel"]) == "hello")
        #expect(try Self.bash(["tend", "insulin", "log", "long", "2", ""]) == "")
    }

    @Test func fishCompletesTheSame() throws {
        let script = Shell.fish.script(for: CompletionModel(root: Self.root))
        func fish(_ line: String) throws -> String {
            try Self.run("/usr/bin/fish", ["--no-config", "-c", "eval $argv[1]; complete -C $argv[2]", script, line])
        }
        #expect(try fish("tend ins") == "insulin\tInsulin doses")
        #expect(try fish("tend insulin log ") == "long\nrapid")
        #expect(try fish("tend insulin list --sort=") == "--sort=asc\n--sort=desc")
    }

    @Test func zshScriptParses() throws {
        let script = Shell.zsh.script(for: CompletionModel(root: Self.root))
        #expect(script.hasPrefix("#compdef tend\n"))
        #expect(try Self.run("/usr/bin/zsh", ["-f", "-n", "-c", script]) == "")
    }

    @Test func quotingKeepsApostrophes() {
        #expect(ShellQuote.posix("it's") == "'it'\\''s'")
        #expect(ShellQuote.fish("it's \\") == "'it\\'s \\\\'")
        #expect(ShellQuote.summary("One line. Then more.") == "One line")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
