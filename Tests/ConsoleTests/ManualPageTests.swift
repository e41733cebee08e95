import Foundation
import Testing
@testable import Console

/// The roff page of a small tree: its sections, escaping, and a clean render by groff.
@Suite("Manual page")
struct ManualPageTests {
    static let page = ManualPage(
        root: Fixture().tool.root, section: 1, whatis: "a test tree", source: "Tend 9.9",
        extraSections: [ManualPage.Section("Exit status", [.definition("2", "A usage error.")])])

    @Test func everyCommandWithItsUsageArgumentsAndOptions() {
        let text = Self.page.render()
        #expect(text.contains(".TH \"TEND\" 1 \"\" \"Tend 9.9\" \"User Commands\""))
        #expect(text.contains(".SH NAME\ntend \\- a test tree\n"))
        #expect(text.contains(".SS \"tend insulin log\"\nLog a dose.\n"))
        #expect(text.contains(".B tend insulin log\n\\fIkind\\fP [units] [\\-\\-at \\fITIME\\fP] [\\-\\-note \\fITEXT\\fP] [\\-\\-force]"))
        #expect(text.contains("\\fB\\-n, \\-\\-note \\fITEXT\\fP\\fR\nA note."))
        #expect(text.contains(".SH EXIT STATUS\n.TP\n\\fB2\\fR\nA usage error."))
        // The root's own options, inherited by every command, are described once.
        #expect(text.components(separatedBy: "The database file.").count == 2)
    }

    @Test func textIsEscapedForRoff() {
        #expect(ManualPage.escape("a\\b --x — 김") == "a\\eb \\-\\-x \\(em \\[uAE40]")
        #expect(ManualPage.guardControl(".hidden") == "\\&.hidden")
        #expect(ManualPage.guardControl("'quoted") == "\\&'quoted")
        #expect(ManualPage.discussion("First line\nsecond.\n\n  tend x\n  tend y\nAfter.")
                == [".PP", "First line second.", ".PP", ".RS 4", ".nf", "tend x", "tend y", ".fi", ".RE", ".PP", "After."])
    }

    @Test func groffRendersItWithoutAWarning() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-man", "-ww", "-z", "-Tutf8"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(Self.page.render().utf8))
        try input.fileHandleForWriting.close()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings.isEmpty, "\(warnings)")
    }
}
