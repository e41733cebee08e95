import FoundationEssentials
import Core

/// The image formats a couple's "photo of the day" may be stored in.
public enum PhotoFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, webp, heic

    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        }
    }
}

extension CouplePhoto {
    /// The largest photo a member may share (the route's body limit and the command's file check).
    public static let maximumSize = 10 << 20 // 10 MiB
}

/// An uploaded photo made safe to keep: the format its bytes announce, and the image with every
/// metadata block that can reveal where it was taken removed.
public struct SanitizedPhoto: Sendable, Equatable {
    public let format: PhotoFormat
    public let data: Data

    public init(format: PhotoFormat, data: Data) {
        self.format = format
        self.data = data
    }

    public var mediaType: String { format.mediaType }
}

/// Recognises a photo by its bytes (never by a name or a declared type) and strips its
/// location-bearing metadata (the byte-level work lives in `Photos`). It refuses with the
/// codes clients know: `empty_image`, `image_too_large` (over `CouplePhoto.maximumSize`),
/// `unsupported_image` (not JPEG, PNG, WebP or HEIC) and `invalid_image` (damaged or truncated).
public protocol PhotoSanitizer: Sendable {
    func sanitize(_ data: Data) throws -> SanitizedPhoto
}
