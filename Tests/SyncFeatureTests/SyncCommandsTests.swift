import Testing
@testable import SyncFeature

@Suite struct SyncTextTests {
    @Test func aConflictHandleIsStableAndShort() {
        let handle = SyncText.handle(of: "field_overwritten:0192:note")
        #expect(handle.count == 7)
        #expect(handle == SyncText.handle(of: "field_overwritten:0192:note"))
        #expect(handle != SyncText.handle(of: "field_overwritten:0193:note"))
    }
}
