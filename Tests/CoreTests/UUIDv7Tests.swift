import Foundation
import Testing
@testable import Core

@Suite("UUIDv7")
struct UUIDv7Tests {
    @Test func carriesVersionVariantAndTimestamp() throws {
        let date = Date(timeIntervalSince1970: 1_764_513_000.123)
        let id = UUIDv7.make(at: date)
        let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
        #expect(bytes[6] >> 4 == 7)
        #expect(bytes[8] >> 6 == 0b10)
        let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_764_513_000_123)
    }

    @Test func idsSortByCreationTimeAndAreUnique() {
        let earlier = UUIDv7.makeString(at: Date(timeIntervalSince1970: 1_000))
        let later = UUIDv7.makeString(at: Date(timeIntervalSince1970: 2_000))
        #expect(earlier < later)
        #expect(earlier == earlier.lowercased())
        let many = Set((0..<1000).map { _ in UUIDv7.makeString() })
        #expect(many.count == 1000)
    }

    @Test("the text is Foundation's uuidString in lowercase, for any bytes")
    func textIsLowercaseUUIDString() {
        var generator = SystemRandomNumberGenerator()
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        let random = (0..<500).map { _ in UUIDv7.make(at: Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000)),
                                                      using: &generator) }
        for uuid in edges + random + [UUID()] {
            #expect(UUIDv7.text(of: uuid) == uuid.uuidString.lowercased())
        }
        #expect(UUIDv7.text(of: edges[1]) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }
}
