import FoundationEssentials
import Core

/// Walks the chunks and drops the ones that hold Exif, text (XMP lives in iTXt), the
/// modification time and content credentials; the image chunks are copied with their CRCs.
enum PNGStripper {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// `caBX` holds C2PA content credentials, which may repeat the Exif location.
    static let dropped: Set<String> = ["eXIf", "tEXt", "zTXt", "iTXt", "tIME", "caBX"]

    static func strip(_ image: ImageBytes) throws -> [UInt8] {
        var out = signature
        out.reserveCapacity(image.count)
        var position = signature.count
        var isFirst = true
        while true {
            guard position < image.count else { throw image.broken("it ends without an IEND chunk") }
            var cursor = image.cursor(position..<image.count)
            let length = try cursor.u32()
            let type = try cursor.fourCC()
            guard length <= Int(Int32.max) else { throw image.broken("a chunk length is out of range") }
            let end = try image.end(of: try image.sum(length, 12), from: position, "the \(type) chunk") // length, type, data, CRC
            if isFirst, type != "IHDR" { throw image.broken("it does not start with an IHDR chunk") }
            isFirst = false
            if !dropped.contains(type) { out += image.raw[position..<end] }
            if type == "IEND" { return out } // anything after IEND is not part of the image
            position = end
        }
    }
}
