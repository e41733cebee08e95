import FoundationEssentials
import Core
import Domain

extension PhotoFormat {
    /// The name a person knows the format by (used in error messages).
    var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .heic: "HEIC"
        }
    }
}

/// `PhotoImage` as the `PhotoSanitizer` the couple use cases receive from the container.
public struct PhotoImageSanitizer: PhotoSanitizer {
    public init() {}

    public func sanitize(_ data: Data) throws -> SanitizedPhoto {
        let (format, clean) = try PhotoImage.sanitize(data)
        return SanitizedPhoto(format: format, data: clean)
    }
}

/// Recognises an uploaded photo and removes the metadata that can reveal where it was taken.
///
/// Everything is done in pure Swift on the bytes: the pixels are never decoded or re-encoded,
/// so what is kept is copied byte for byte. Lengths read from the file are never trusted:
/// every offset is computed with checked arithmetic and bounds-checked before use, so hostile
/// input ends in an `invalid_image` error, never a crash or an endless loop.
public enum PhotoImage {
    public static let maximumSize = CouplePhoto.maximumSize

    /// Recognises the format by its bytes (never by a name or a declared type) and returns the
    /// image with every embedded metadata block that can carry a location removed.
    public static func sanitize(_ data: Data) throws -> (format: PhotoFormat, data: Data) {
        guard !data.isEmpty else { throw AppError.invalidInput("the photo is empty", code: "empty_image") }
        guard data.count <= maximumSize else {
            throw AppError(.tooLarge, code: "image_too_large", "the photo is larger than 10 MiB")
        }
        let raw = [UInt8](data)
        guard let format = recognise(raw) else {
            throw AppError.invalidInput("the photo must be a JPEG, PNG, WebP or HEIC image", code: "unsupported_image")
        }
        let image = ImageBytes(raw: raw, format: format)
        let stripped: [UInt8] = switch format {
        case .jpeg: try JPEGStripper.strip(image)
        case .png: try PNGStripper.strip(image)
        case .webp: try WebPStripper.strip(image)
        case .heic: try HEICStripper.strip(image)
        }
        return (format, Data(stripped))
    }

    /// The format announced by the file's signature, or nil when it is none of the four.
    static func recognise(_ raw: [UInt8]) -> PhotoFormat? {
        if raw.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if raw.starts(with: PNGStripper.signature) { return .png }
        if raw.count >= 12, raw[0..<4].elementsEqual("RIFF".utf8), raw[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        if HEICStripper.hasHEICBrand(raw) { return .heic }
        return nil
    }
}
