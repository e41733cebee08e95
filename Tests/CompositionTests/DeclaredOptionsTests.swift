import Foundation
import Testing
import Console
@testable import Composition

/// An option a command reads by a name no command declares is a typo that silently reads
/// nothing: every name read in the sources is declared in the real command tree.
@Suite("Every option read is declared")
struct DeclaredOptionsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Modules")

    func declared(_ command: Command) -> Set<String> {
        command.options.reduce(into: Set(command.arguments.map(\.name))) { $0.insert($1.name) }
            .union(command.subcommands.flatMap { declared($0) })
    }

    @Test func everyNameReadInAFeatureOrTheAppIsDeclared() throws {
        let names = declared(TendCommandLine(environment: [:]).rootCommand())
        let pattern = try Regex(#"\.(option|options|flag|has|argument|arguments)\("([a-z][a-z0-9-]*)""#)
        var unknown: [String] = []
        for folder in ["Features", "Composition"] {
            let root = Self.sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no sources under \(root.path)")
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: pattern) {
                    let name = String(match.output[2].substring ?? "")
                    if !names.contains(name) { unknown.append("\(file): \(name)") }
                }
            }
        }
        #expect(unknown.isEmpty, "read but never declared: \(unknown)")
    }
}
