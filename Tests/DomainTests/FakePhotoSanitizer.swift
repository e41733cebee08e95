import Core
import Domain
import Foundation

/// The couple rules' stand-in for `Photos`' sanitizer (tested in `PhotosTests`): a JPEG is
/// recognised by its signature and loses its APP1 (Exif) segments; anything else is refused
/// with `unsupported_image`, as the real one does.
struct FakePhotoSanitizer: PhotoSanitizer {
    func sanitize(_ data: Data) throws -> SanitizedPhoto {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw AppError.invalidInput("the photo must be a JPEG, PNG, WebP or HEIC image", code: "unsupported_image")
        }
        var kept: [UInt8] = [0xFF, 0xD8]
        var position = 2
        // Segments up to the start of scan; what follows (the scan and EOI) is kept as it is.
        while position + 4 <= bytes.count, bytes[position] == 0xFF, bytes[position + 1] != 0xDA {
            let end = position + 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
            guard end <= bytes.count else { break }
            if bytes[position + 1] != 0xE1 { kept += bytes[position..<end] }
            position = end
        }
        kept += bytes[position...]
        return SanitizedPhoto(format: .jpeg, data: Data(kept))
    }
}
