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
}
