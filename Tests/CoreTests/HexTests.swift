import Testing
@testable import Core

@Suite("Hex")
struct HexTests {
    @Test func everyByteInBothCases() {
        let bytes = (0...255).map { UInt8($0) }
        let lower = bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
        #expect(Hex.encode(bytes) == lower)
        #expect(Hex.encode(bytes, uppercase: true) == lower.uppercased())
        #expect(Hex.encode([UInt8]()) == "")
        #expect(Hex.encode(bytes.reversed().prefix(3)) == "fffefd") // any sequence, not only arrays
        #expect(Hex.decode(Hex.encode(bytes)) == bytes)
    }
}
