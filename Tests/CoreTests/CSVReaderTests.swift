import Testing
@testable import Core

@Suite("CSV reader")
struct CSVReaderTests {
    private func read(_ text: String, _ delimiter: Character = ",", refusing: Bool = false) throws(CSVReader.Problem) -> [CSVReader.Record] {
        try CSVReader.records(Array(text.utf8), delimiter: delimiter.asciiValue!, refusingControlCharacters: refusing)
    }

    @Test func quotesDelimitersAndLineBreaksInsideFields() throws {
        let records = try read("a;b;c\r\n1;\"x;y\";\"say \"\"hi\"\"\r\nbye\"\r\n\r\n2;;\"\"\r\n", ";")
        #expect(records == [
            CSVReader.Record(line: 1, fields: ["a", "b", "c"]),
            CSVReader.Record(line: 2, fields: ["1", "x;y", "say \"hi\"\nbye"]),
            CSVReader.Record(line: 5, fields: ["2", "", ""]),
        ])
    }

    @Test func everyLineEndingEndsARecordAndBlankLinesAreSkipped() throws {
        let records = try read("a,b\rc,d\n\ne,f\r\ng,h")
        #expect(records.map(\.fields) == [["a", "b"], ["c", "d"], ["e", "f"], ["g", "h"]])
        #expect(records.map(\.line) == [1, 2, 4, 5])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsKept() throws {
        #expect(try read("5\" tall,x\"y\"\n").map(\.fields) == [["5\" tall", "x\"y\""]])
    }

    @Test func anUnclosedQuoteNamesTheLineItOpensOn() {
        #expect(throws: CSVReader.Problem.unclosedQuote(line: 3)) { try read("a,b\n1,2\n3,\"open\n4,5\n") }
    }

    @Test func controlCharactersAreRefusedOnlyWhenAsked() throws {
        #expect(try read("a\tb,\u{1B}c\n").map(\.fields) == [["a\tb", "\u{1B}c"]])
        #expect(throws: CSVReader.Problem.controlCharacter(line: 2, byte: 0x1B)) { try read("a,b\n1,\u{1B}[31m\n", refusing: true) }
        #expect(throws: CSVReader.Problem.controlCharacter(line: 1, byte: 0x7F)) { try read("\u{7F}", refusing: true) }
        #expect(try read("a\tb\r\n", refusing: true).map(\.fields) == [["a\tb"]])
    }
}
