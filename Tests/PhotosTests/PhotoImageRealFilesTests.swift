import Foundation
import Testing
import Core
import Domain
@testable import Photos

/// Files written by real encoders and tagged by exiftool with a location, a camera make, an
/// XMP creator and a comment (see Tests/Fixtures/photos/README.md): none of it survives.
@Suite("Photos from real encoders")
struct PhotoImageRealFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos")

    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// What the tags wrote, as bytes: the GPS rationals' neighbourhood is binary, so the test
    /// looks for the texts and for the EXIF GPS IFD tag (0x8825) in both byte orders.
    static let secrets = ["TestPhone", "Minji", "secret place", "GPS"].map { Data($0.utf8) }

    @Test(arguments: [("gps.jpg", PhotoFormat.jpeg), ("gps.png", .png), ("gps.webp", .webp), ("gps.heic", .heic)])
    func locationAndCameraAreGone(name: String, format: PhotoFormat) throws {
        let original = try Self.bytes(name)
        #expect(Self.secrets.contains { original.range(of: $0) != nil }, "the fixture carries its tags")
        let (found, clean) = try PhotoImage.sanitize(original)
        #expect(found == format)
        for secret in Self.secrets {
            #expect(clean.range(of: secret) == nil, "\(name) still holds \(String(decoding: secret, as: UTF8.self))")
        }
        #expect(clean.range(of: Data([0x88, 0x25])) == nil && clean.range(of: Data([0x25, 0x88])) == nil || format == .heic,
                "\(name) still holds a GPS IFD pointer")
        // Sanitising again changes nothing: what is left is only the image.
        #expect(try PhotoImage.sanitize(clean).data == clean)
    }

    @Test func heicKeepsItsLayoutWithTheMetadataZeroed() throws {
        let original = try Self.bytes("gps.heic")
        let clean = try PhotoImage.sanitize(original).data
        #expect(clean.count == original.count)
        #expect(clean.prefix(12) == original.prefix(12)) // the ftyp box
    }
}
