import Core
import Domain
import Foundation
import Testing
@testable import Photos

/// What the couple use cases receive: `PhotoImage` behind Domain's `PhotoSanitizer`.
@Suite("The photo sanitizer the container wires")
struct PhotoImageSanitizerTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0] + [0, 0, 0, 0]
        + [0, 0, 0, 4] + Array("tEXt".utf8) + Array("GPS!".utf8) + [0, 0, 0, 0]
        + [0, 0, 0, 0] + Array("IEND".utf8) + [0, 0, 0, 0]

    @Test func sanitizesLikePhotoImageAndNamesTheMediaType() throws {
        let sanitized = try PhotoImageSanitizer().sanitize(Data(Self.png))
        let direct = try PhotoImage.sanitize(Data(Self.png))
        #expect(sanitized == SanitizedPhoto(format: direct.format, data: direct.data))
        #expect(sanitized.format == .png)
        #expect(sanitized.mediaType == "image/png")
        #expect(sanitized.data.range(of: Data("GPS!".utf8)) == nil)
    }

    @Test(arguments: [([UInt8](), "empty_image"), (Array("hello".utf8), "unsupported_image"), (Array(png.prefix(20)), "invalid_image")])
    func refusesWithTheSameCodes(bytes: [UInt8], code: String) {
        let error = #expect(throws: AppError.self) { try PhotoImageSanitizer().sanitize(Data(bytes)) }
        #expect(error?.code == code)
    }
}
