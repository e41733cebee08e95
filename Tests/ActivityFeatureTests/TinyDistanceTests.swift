import Foundation
import Testing
import Core

@Suite("Manual activities never produce an infinite pace")
struct TinyDistanceTests {
    @Test func aNearZeroDistanceIsRefusedAndNeverBreaksTheList() throws {
        let stack = try ActivityStack(clock: FixedClock(Date(timeIntervalSince1970: 1_764_500_000)))
        #expect(throws: AppError.self) {
            try stack.activities.add(ownerID: "local", .init(kind: .run, distance: 5e-321, duration: 1_209_599))
        }
        #expect(throws: AppError.self) { try stack.activities.add(ownerID: "local", .init(kind: .run, distance: 5, duration: 600)) }
        let ok = try stack.activities.add(ownerID: "local", .init(kind: .run, distance: 10, duration: 60))
        #expect(ok.pace == 6000)
    }
}
