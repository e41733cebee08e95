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

/// Recognises an uploaded photo and removes the metadata that can reveal where it was taken.
///
/// Everything is done in pure Swift on the bytes: the pixels are never decoded or re-encoded,
/// so what is kept is copied byte for byte. Lengths read from the file are never trusted:
/// every offset is computed with checked arithmetic and bounds-checked before use, so hostile
/// input ends in an `invalid_image` error, never a crash or an endless loop.
public enum PhotoImage {
    public static let maximumSize = 10 << 20 // 10 MiB

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

// MARK: - Bounds-checked reading

/// The uploaded bytes with the format they claim to be, so that every failure can say which
/// format was broken.
private struct ImageBytes {
    let raw: [UInt8]
    let format: PhotoFormat

    var count: Int { raw.count }

    func broken(_ detail: String) -> AppError {
        AppError(.unprocessable, code: "invalid_image", "the \(format.displayName) image is damaged or truncated: \(detail)")
    }

    /// `a + b`, or `invalid_image` when a hostile length would overflow.
    func sum(_ a: Int, _ b: Int) throws -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw broken("a length is out of range") }
        return result
    }

    /// The end of `length` bytes starting at `start`, checked to stay within `limit` (the file
    /// by default).
    func end(of length: Int, from start: Int, within limit: Int? = nil, _ what: @autoclosure () -> String) throws -> Int {
        let end = try sum(start, length)
        guard length >= 0, end <= (limit ?? count) else { throw broken("\(what()) runs past the end") }
        return end
    }

    func cursor(_ range: Range<Int>) -> ByteCursor { ByteCursor(image: self, position: range.lowerBound, end: range.upperBound) }
}

/// Reads big- or little-endian numbers from a window of the image and never past its end.
private struct ByteCursor {
    let image: ImageBytes
    var position: Int
    let end: Int

    var remaining: Int { end - position }

    mutating func take(_ length: Int) throws -> Range<Int> {
        guard length >= 0, length <= remaining else { throw image.broken("a structure is cut short") }
        defer { position += length }
        return position..<(position + length)
    }

    mutating func skip(_ length: Int) throws { _ = try take(length) }

    /// An unsigned big-endian number of `size` bytes (0...8; 0 reads as 0, as ISOBMFF intends).
    mutating func bigEndian(_ size: Int) throws -> UInt64 {
        try image.raw[take(size)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func littleEndian32() throws -> UInt32 {
        try image.raw[take(4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func u8() throws -> Int { Int(try bigEndian(1)) }
    mutating func u16() throws -> Int { Int(try bigEndian(2)) }
    mutating func u32() throws -> Int { Int(try bigEndian(4)) }

    /// A `size`-byte number that must fit in an `Int` (a 64-bit length from a hostile file may not).
    mutating func integer(_ size: Int) throws -> Int {
        guard let value = Int(exactly: try bigEndian(size)) else { throw image.broken("a length is out of range") }
        return value
    }

    /// A four-character code such as a chunk or box type.
    mutating func fourCC() throws -> String { String(decoding: image.raw[try take(4)], as: UTF8.self) }

    /// A NUL-terminated string; a missing terminator ends the string at the window's end.
    mutating func cString() throws -> String {
        let window = image.raw[position..<end]
        let stop = window.firstIndex(of: 0) ?? end
        defer { position = min(stop + 1, end) }
        return String(decoding: image.raw[position..<stop], as: UTF8.self)
    }
}

// MARK: - JPEG

/// Walks the marker segments and keeps only those a decoder needs: Exif and XMP (APP1),
/// Photoshop/IPTC (APP13), every other APPn and comments can all carry a place.
private enum JPEGStripper {
    static func strip(_ image: ImageBytes) throws -> [UInt8] {
        let raw = image.raw
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(raw.count)
        var position = 2
        var sawScan = false
        while true {
            guard position < raw.count, raw[position] == 0xFF else {
                throw image.broken(position < raw.count ? "a marker was expected at byte \(position)" : "it ends before the end-of-image marker")
            }
            // Any number of 0xFF fill bytes may precede a marker; they carry nothing and are dropped.
            while position < raw.count, raw[position] == 0xFF { position += 1 }
            guard position < raw.count else { throw image.broken("it ends inside a marker") }
            let marker = raw[position]
            position += 1
            switch marker {
            case 0xD9: // EOI: whatever follows (motion-photo videos, MPF pictures with their own Exif) is dropped
                guard sawScan else { throw image.broken("it has no image data") }
                out += [0xFF, 0xD9]
                return out
            case 0x01, 0xD0...0xD7: // TEM and RSTn stand alone, without a length
                out += [0xFF, marker]
            case 0x00, 0xD8:
                throw image.broken("an unexpected marker appears at byte \(position - 2)")
            default:
                var cursor = image.cursor(position..<raw.count)
                let length = try cursor.u16()
                guard length >= 2 else { throw image.broken("a segment length is below 2") }
                let end = try image.end(of: length, from: position, "a segment")
                if keeps(marker, payload: raw[(position + 2)..<end]) {
                    out += [0xFF, marker]
                    out += raw[position..<end]
                }
                position = end
                if marker == 0xDA { // SOS: the entropy-coded data follows, copied unchanged
                    sawScan = true
                    let dataEnd = try endOfEntropyData(image, from: position)
                    out += raw[position..<dataEnd]
                    position = dataEnd
                }
            }
        }
    }

    /// Which segments survive: everything structural, plus the three application segments that
    /// describe the pixels rather than the photo (JFIF density, the ICC colour profile and
    /// Adobe's colour transform).
    static func keeps(_ marker: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: payload.starts(with: "JFIF\0".utf8) // not JFXX: a thumbnail is not needed
        case 0xE2: payload.starts(with: "ICC_PROFILE\0".utf8) // not MPF: its pictures follow EOI and are dropped
        case 0xEE: payload.starts(with: "Adobe".utf8)
        case 0xE1...0xEF: false // APP1 Exif/XMP, APP13 IPTC, APP11 JUMBF/C2PA, vendors' blocks
        case 0xFE: false // COM: free text
        default: true
        }
    }

    /// The index of the 0xFF that starts the marker after a scan's entropy-coded data. Inside the
    /// data a 0xFF is followed by 0x00 (a stuffed byte) or a restart marker, never anything else.
    static func endOfEntropyData(_ image: ImageBytes, from start: Int) throws -> Int {
        let raw = image.raw
        var position = start
        while let byte = raw[position...].firstIndex(of: 0xFF) {
            var next = byte + 1
            while next < raw.count, raw[next] == 0xFF { next += 1 }
            guard next < raw.count else { break }
            if raw[next] == 0x00 || (0xD0...0xD7).contains(raw[next]) {
                position = next + 1
            } else {
                return byte
            }
        }
        throw image.broken("it ends inside the image data, without an end-of-image marker")
    }
}

// MARK: - PNG

/// Walks the chunks and drops the ones that hold Exif, text (XMP lives in iTXt), the
/// modification time and content credentials; the image chunks are copied with their CRCs.
private enum PNGStripper {
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

// MARK: - WebP

/// Walks the RIFF chunks, drops EXIF, XMP and C2PA, clears the VP8X flags that announced
/// them and rewrites the RIFF size.
private enum WebPStripper {
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

// MARK: - HEIC

/// Removing an item from an ISOBMFF file would mean rewriting every offset after it, so the
/// Exif and XMP items are blanked instead: their bytes are overwritten with zeros where they
/// lie, and the file keeps its length and its validity.
private enum HEICStripper {
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis"]
    /// AVIF files also carry the generic `mif1` brand: they are not HEIC.
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// An `ftyp` box naming a HEVC brand, or the generic HEIF brand without an AVIF one.
    static func hasHEICBrand(_ raw: [UInt8]) -> Bool {
        guard raw.count >= 12, raw[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let declared = raw[0..<4].reduce(0) { $0 << 8 | Int($1) }
        // The compatible brands follow the major brand and the minor version.
        var brands = [String(decoding: raw[8..<12], as: UTF8.self)]
        var position = 16
        while position + 4 <= min(declared, raw.count) {
            brands.append(String(decoding: raw[position..<(position + 4)], as: UTF8.self))
            position += 4
        }
        let set = Set(brands)
        return !set.isDisjoint(with: heicBrands) || (set.contains("mif1") && set.isDisjoint(with: avifBrands))
    }

    struct Box {
        let type: String
        /// Where the box's content starts (after the size, type and any large size or UUID).
        let contentStart: Int
        let end: Int
    }

    static func strip(_ image: ImageBytes) throws -> [UInt8] {
        let top = try boxes(image, in: 0..<image.count)
        guard top.first?.type == "ftyp" else { throw image.broken("it does not start with an ftyp box") }
        let metas = top.filter { $0.type == "meta" }
        guard !metas.isEmpty else { throw image.broken("it has no meta box") }
        var out = image.raw
        for meta in metas {
            for extent in try metadataExtents(image, meta: meta) {
                out.replaceSubrange(extent, with: repeatElement(0, count: extent.count))
            }
        }
        return out
    }

    /// The boxes laid end to end in `range`. A size of 0 means "to the end of the container"; a
    /// size of 1 means a 64-bit size follows. Every box is at least its header long, so the walk
    /// always moves forward.
    static func boxes(_ image: ImageBytes, in range: Range<Int>) throws -> [Box] {
        var found: [Box] = []
        var position = range.lowerBound
        while position < range.upperBound {
            var cursor = image.cursor(position..<range.upperBound)
            var size = try cursor.u32()
            let type = try cursor.fourCC()
            if size == 1 {
                size = try cursor.integer(8)
            } else if size == 0 {
                size = range.upperBound - position
            }
            if type == "uuid" { try cursor.skip(16) }
            let headerLength = cursor.position - position
            guard size >= headerLength else { throw image.broken("the \(type) box is shorter than its header") }
            let end = try image.end(of: size, from: position, within: range.upperBound, "the \(type) box")
            found.append(Box(type: type, contentStart: cursor.position, end: end))
            position = end
        }
        return found
    }

    /// The byte ranges of the Exif and XMP items described by one `meta` box.
    static func metadataExtents(_ image: ImageBytes, meta: Box) throws -> [Range<Int>] {
        // meta is a full box: a version and flags precede its children.
        let children = try boxes(image, in: try image.end(of: 4, from: meta.contentStart, within: meta.end, "the meta box")..<meta.end)
        guard let iinf = children.first(where: { $0.type == "iinf" }) else { return [] }
        let items = try metadataItems(image, iinf: iinf)
        guard !items.isEmpty, let iloc = children.first(where: { $0.type == "iloc" }) else { return [] }
        return try extents(image, iloc: iloc, of: items)
    }

    /// The IDs of the Exif items and of the XMP items (`mime` items of type application/rdf+xml).
    static func metadataItems(_ image: ImageBytes, iinf: Box) throws -> Set<Int> {
        var cursor = image.cursor(iinf.contentStart..<iinf.end)
        let version = try cursor.u8()
        try cursor.skip(3)
        try cursor.skip(version == 0 ? 2 : 4) // the entry count: the infe boxes themselves are walked
        var items: Set<Int> = []
        for infe in try boxes(image, in: cursor.position..<iinf.end) where infe.type == "infe" {
            var entry = image.cursor(infe.contentStart..<infe.end)
            let version = try entry.u8()
            try entry.skip(3)
            if version >= 2 {
                let id = version == 2 ? try entry.u16() : try entry.u32()
                try entry.skip(2) // protection index
                let itemType = try entry.fourCC()
                _ = try entry.cString() // name; a mime item's content type follows it
                let contentType = itemType == "mime" ? try entry.cString() : ""
                if itemType == "Exif" || isXMP(contentType) { items.insert(id) }
            } else { // versions 0 and 1: no item type, but a content type
                let id = try entry.u16()
                try entry.skip(2)
                _ = try entry.cString() // name
                if isXMP(try entry.cString()) { items.insert(id) }
            }
        }
        return items
    }

    static func isXMP(_ contentType: String) -> Bool {
        let bare = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return String(bare).trimmed.lowercased() == "application/rdf+xml"
    }

    /// Reads `iloc` (versions 0 to 2) and returns the extents of `items`, each checked to lie
    /// within the file. Items stored in `idat` or built from other items cannot be blanked in
    /// place, so they make the photo refused rather than stored with its metadata.
    static func extents(_ image: ImageBytes, iloc: Box, of items: Set<Int>) throws -> [Range<Int>] {
        var cursor = image.cursor(iloc.contentStart..<iloc.end)
        let version = try cursor.u8()
        try cursor.skip(3)
        guard version <= 2 else { throw image.broken("its iloc box has an unknown version \(version)") }
        let sizes = try cursor.u8(), moreSizes = try cursor.u8()
        let offsetSize = sizes >> 4, lengthSize = sizes & 0xF, baseOffsetSize = moreSizes >> 4
        let indexSize = version == 0 ? 0 : moreSizes & 0xF
        guard [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy([0, 4, 8].contains) else {
            throw image.broken("its iloc box uses an unknown field size")
        }
        let itemCount = version < 2 ? try cursor.u16() : try cursor.u32()
        var found: [Range<Int>] = []
        // A hostile count is harmless: every item takes bytes, and reading stops at the box's end.
        for _ in 0..<itemCount {
            let id = version < 2 ? try cursor.u16() : try cursor.u32()
            let constructionMethod = version == 0 ? 0 : try cursor.u16() & 0xF
            try cursor.skip(2) // data reference index: photos keep their data in the file itself
            let baseOffset = try cursor.integer(baseOffsetSize)
            let extentCount = try cursor.u16()
            let wanted = items.contains(id)
            if wanted, constructionMethod != 0 {
                throw image.broken("its Exif or XMP item is stored in a way that cannot be removed")
            }
            guard wanted else {
                // Skipped in one step: extents of zero-sized fields take no bytes, and a loop
                // over a million items of 65,535 of them each would pin a core.
                try cursor.skip(Int(extentCount) * Int(indexSize + offsetSize + lengthSize))
                continue
            }
            for _ in 0..<extentCount {
                try cursor.skip(indexSize)
                let offset = try cursor.integer(offsetSize)
                let length = try cursor.integer(lengthSize)
                // A length of 0 means "the whole file": never a metadata item's real extent.
                guard length > 0 else { throw image.broken("its Exif or XMP item has an extent of unknown length") }
                let start = try image.sum(baseOffset, offset)
                let end = try image.end(of: length, from: start, "an Exif or XMP extent")
                found.append(start..<end)
            }
        }
        return found
    }
}
