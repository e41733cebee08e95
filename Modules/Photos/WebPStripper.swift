import FoundationEssentials
import Core

/// Walks the RIFF chunks, drops EXIF, XMP and C2PA, clears the VP8X flags that announced
/// them and rewrites the RIFF size.
enum WebPStripper {
    static let dropped: Set<String> = ["EXIF", "XMP ", "C2PA"]
    static let firstChunks: Set<String> = ["VP8 ", "VP8L", "VP8X"]
    static let exifFlag: UInt8 = 0x08
    static let xmpFlag: UInt8 = 0x04

    static func strip(_ image: ImageBytes) throws -> [UInt8] {
        var header = image.cursor(4..<8)
        let riffSize = Int(try header.littleEndian32())
        guard riffSize >= 4 else { throw image.broken("the RIFF size is too small") }
        // Bytes after the RIFF chunk are not part of the image and are dropped.
        let riffEnd = try image.end(of: riffSize, from: 8, "the RIFF chunk")
        var out = [UInt8]("RIFF\0\0\0\0WEBP".utf8)
        out.reserveCapacity(riffEnd)
        var position = 12
        var isFirst = true
        while position < riffEnd {
            var cursor = image.cursor(position..<riffEnd)
            let type = try cursor.fourCC()
            let size = Int(try cursor.littleEndian32())
            // Payloads are padded to an even length.
            let padded = try image.sum(size, size & 1)
            let end = try image.end(of: padded, from: position + 8, within: riffEnd, "the \(type) chunk")
            if isFirst, !firstChunks.contains(type) { throw image.broken("it does not start with a VP8, VP8L or VP8X chunk") }
            isFirst = false
            if !dropped.contains(type) {
                let start = out.count
                out += image.raw[position..<end]
                if type == "VP8X" {
                    guard size >= 10 else { throw image.broken("the VP8X chunk is too short") }
                    out[start + 8] &= ~(exifFlag | xmpFlag)
                }
            }
            position = end
        }
        guard !isFirst else { throw image.broken("it holds no image chunk") }
        let size = UInt32(out.count - 8) // smaller than the input's, which fitted
        out.replaceSubrange(4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: size >> ($0 * 8)) })
        return out
    }
}
