import Foundation
import Testing
import Console
import Core
@testable import Composition

/// `tend version`, `tend completion` and `tend manpage` on the real command tree.
@Suite("Shell commands")
struct ShellCommandsTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, stdout: String, stderr: String) {
        let tend = TendCommandLine(environment: ["HOME": "/nonexistent-tend-home"].merging(environment) { $1 })
        let (output, captured) = Output.capturing()
        let status = tend.run(arguments, output: output)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func versionNamesTheCommitFromBuildInfo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-share-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "version = 1.0.0\ncommit = 0123456789ab\n".write(to: folder.appendingPathComponent("build-info"), atomically: true, encoding: .utf8)
        let text = Self.run(["--version"], environment: ["TEND_RESOURCES": folder.path])
        #expect(text.status == 0)
        #expect(text.stdout == "tend \(Container.appVersion) (commit 0123456789ab)\n")
        let json = Self.run(["version", "--json"], environment: ["TEND_RESOURCES": folder.path])
        #expect(json.stdout.contains("\"commit\":\"0123456789ab\""))
        // An installed copy without the file says so, rather than guessing.
        let bare = Self.run(["--version"], environment: ["TEND_RESOURCES": folder.appendingPathComponent("none").path])
        #expect(bare.stdout.hasSuffix("(commit unknown)\n"))
    }

    @Test func gitCommitIsReadWithoutGit() throws {
        let git = FileManager.default.temporaryDirectory.appendingPathComponent("tend-git-\(UUID())")
        try FileManager.default.createDirectory(at: git.appendingPathComponent("refs/heads"), withIntermediateDirectories: true)
        try "ref: refs/heads/main\n".write(to: git.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
        try "# pack-refs\nabcdef0123456789abcdef0123456789abcdef01 refs/heads/main\n"
            .write(to: git.appendingPathComponent("packed-refs"), atomically: true, encoding: .utf8)
        #expect(BuildInfo.gitCommit(repository: git.path) == "abcdef012345")
        try "fedcba9876543210fedcba9876543210fedcba98\n".write(to: git.appendingPathComponent("refs/heads/main"), atomically: true,
                                                                   encoding: .utf8)
        #expect(BuildInfo.gitCommit(repository: git.path) == "fedcba987654")
        #expect(BuildInfo.gitCommit(repository: git.appendingPathComponent("none").path) == nil)
    }

    @Test func completionScriptsCoverEveryCommandAndOfferHandlesForIds() {
        let bash = Self.run(["completion", "bash"])
        #expect(bash.status == 0)
        let tree = TendCommandLine(environment: [:]).rootCommand()
        for path in KoreanTests.paths(tree) where !path.isEmpty {
            #expect(bash.stdout.contains("\n    '\(path.joined(separator: " "))')"), "no entry for \(path)")
        }
        #expect(bash.stdout.contains("'insulin edit') subs='' opts='--kind --units --at --note --force -f --db --json --lang --help -h'"))
        #expect(bash.stdout.contains("args=('@program completion handles dose')"))
        #expect(Self.run(["completion", "zsh"]).stdout.hasPrefix("#compdef tend"))
        #expect(Self.run(["completion", "fish"]).stdout.contains("complete -c tend -f -a '(__tend_complete)'"))
        #expect(Self.run(["completion", "tcsh"]).status == 2)
    }

    @Test func handlesAreTheNewestEntries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-handles-\(UUID())")
        let database = folder.appendingPathComponent("tend.sqlite").path
        let environment = ["TEND_DB": database, "TEND_NOW": "2026-11-30T21:00:00+09:00"]
        // No database yet: nothing, and none is made.
        #expect(Self.run(["completion", "handles", "dose"], environment: environment).stdout == "")
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(Self.run(["insulin", "log", "long"], environment: environment).status == 0)
        #expect(Self.run(["--json", "insulin", "log", "rapid", "2"], environment: environment).status == 0)
        let handles = Self.run(["completion", "handles", "dose"], environment: environment).stdout.split(separator: "\n")
        #expect(handles.count == 3 && handles[0] == "last")
        #expect(handles.dropFirst().allSatisfy { $0.count == 7 })
    }

    @Test func theManualPageHasEveryCommand() {
        let page = Self.run(["manpage"]).stdout
        #expect(page.contains(".TH \"TEND\" 1"))
        #expect(page.contains(".SS \"tend insulin log\""))
        #expect(page.contains(".SS \"tend completion handles\""))
        #expect(page.contains(".SH ENVIRONMENT"))
    }
}
