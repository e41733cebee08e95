/// A plain-text table: a header, a rule of "─" under each column, then the rows. Columns are
/// padded by display width, so Korean text lines up, and lines carry no trailing spaces.
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    struct Column: Sendable {
        let title: String
        let alignment: Alignment
    }

    private let columns: [Column]
    private var rows: [[String]] = []

    public init(columns: [(title: String, alignment: Alignment)]) {
        self.columns = columns.map { Column(title: $0.title, alignment: $0.alignment) }
    }

    /// Missing cells are blank and extra cells are dropped; newlines become spaces.
    public mutating func addRow(_ cells: [String]) {
        let normalized = columns.indices.map { index in
            index < cells.count ? cells[index].replacing("\n", with: " ") : ""
        }
        rows.append(normalized)
    }

    public var isEmpty: Bool { rows.isEmpty }

    public func render() -> String {
        let widths = columns.indices.map { index in
            rows.reduce(TextWidth.displayWidth(columns[index].title)) { width, row in
                max(width, TextWidth.displayWidth(row[index]))
            }
        }
        var lines: [String] = [line(columns.map(\.title), widths: widths)]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        lines += rows.map { line($0, widths: widths) }
        return lines.joined(separator: "\n")
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var text = zip(cells, columns).enumerated().map { index, pair in
            TextWidth.pad(pair.0, to: widths[index], alignment: pair.1.alignment)
        }.joined(separator: "  ")
        while text.last == " " { text.removeLast() }
        return text
    }
}
