import FoundationEssentials
import Console
import Core
import Domain

/// `tend import FILE.zip`: a Tend export restored into this database, in one transaction.
/// Records are matched by id: the ones here already are left as they are, so importing twice
/// changes nothing.
struct ImportCommand: Sendable {
    let makeContext: PortabilityCommands.ContextProvider

    static let file = Argument("file", help: "A zip written by `tend export`.")

    var command: Command {
        Command(name: "import", abstract: "Restore a Tend export (a zip from `tend export`); importing twice changes nothing.",
                discussion: "Records are matched by id: one this database holds already is left as it is, and the settings "
                    + "are written onto yours. A damaged or foreign file, or one a newer Tend wrote, is refused whole: "
                    + "nothing is half imported. Imported records sync like any other.",
                arguments: [Self.file], run: run)
    }

    struct Report: Encodable {
        let imported: [String: Int]
        let skipped: Int
    }

    func run(_ invocation: Invocation) throws {
        let path = invocation.argument("file")!
        let context = try makeContext(invocation)
        let result = try context.store.importArchive(at: path, ownerID: context.ownerID)
        try invocation.respond(json: { Report(imported: result.counts, skipped: result.skipped) },
                               text: { Self.text(result, path: path, korean: invocation.language == .ko) })
    }

    static func text(_ result: PersonalDataCounts, path: String, korean: Bool) -> String {
        let added = result.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        var lines: [String] = []
        if added.isEmpty {
            lines.append(korean ? "\(path)에서 새로 가져온 기록이 없어요." : "Nothing new in \(path).")
        } else {
            lines.append(korean ? "\(path)에서 \(result.total)개를 가져왔어요:" : "Imported \(result.total) record\(result.total == 1 ? "" : "s") from \(path):")
            var table = Table(columns: [(title: korean ? "종류" : "Kind", alignment: .left), (title: korean ? "개수" : "Added", alignment: .right)])
            for (kind, count) in added { table.addRow([kind, String(count)]) }
            lines.append(table.render())
        }
        if result.skipped > 0 {
            lines.append(korean ? "이미 있는 \(result.skipped)개는 그대로 두었어요."
                                : "Left \(result.skipped) record\(result.skipped == 1 ? "" : "s") already here as \(result.skipped == 1 ? "it was" : "they were").")
        }
        return lines.joined(separator: "\n")
    }
}
