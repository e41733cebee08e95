import Testing
@testable import Core

@Suite("AppError")
struct AppErrorTests {
    @Test func everyKindHasAStableSnakeCaseCode() {
        for kind in AppError.Kind.allCases {
            let code = kind.defaultCode
            #expect(!code.isEmpty)
            #expect(code.allSatisfy { $0.isLowercase || $0 == "_" })
        }
        #expect(AppError.invalidInput("x").code == "invalid_input")
        #expect(AppError.conflict("x", code: "duplicate_dose").code == "duplicate_dose")
        #expect(AppError.notFound("gone").description == "gone")
    }
}
