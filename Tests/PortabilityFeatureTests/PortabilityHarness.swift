import Testing
@testable import PortabilityFeature

@Suite struct PortabilityCommandTreeTests {
    @Test func exportImportAndEraseAreCommands() {
        #expect(PortabilityCommands.make { _ in fatalError("not opened") }.map(\.name) == ["export", "import", "erase"])
    }
}
