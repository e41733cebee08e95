import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite struct SyncValuesTests {
    @Test func theTopLevelKeysOfAChangeAreReadWithoutItsValues() {
        #expect(SyncValues.topLevelKeys(json: #"{"kind":"long","units":20.0,"note":null}"#) == ["kind", "units", "note"])
        // Values that hold braces, commas, quotes and arrays do not confuse it.
        #expect(SyncValues.topLevelKeys(json: #"{"note":"a, \"b\": {c}","sets":"[{\"reps\":5},{\"reps\":3}]","x":[1,{"y":2}]}"#)
                == ["note", "sets", "x"])
        #expect(SyncValues.topLevelKeys(json: #"{"caf\u00e9":1}"#) == ["café"])
        #expect(SyncValues.topLevelKeys(json: "{}").isEmpty)
        #expect(SyncValues.topLevelKeys(json: "not json").isEmpty)
    }

    @Test func valuesFollowTheirColumnsType() throws {
        let real = SyncTable.Column(name: "units", type: .real, required: true)
        #expect(try SyncValues.sqlValue(.int(5), column: real) == .real(5))
        #expect(SyncValues.syncValue(.integer(5), type: .real) == .double(5))
        let blob = SyncTable.Column(name: "track", type: .blob, required: false)
        let bytes = Data([0, 1, 0xAB, 0xFF])
        #expect(try SyncValues.sqlValue(SyncValues.syncValue(.blob(bytes), type: .blob), column: blob) == .blob(bytes))
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.string("zz"), column: blob) }
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.null, column: real) }
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.string("5"), column: real) }
    }
}
