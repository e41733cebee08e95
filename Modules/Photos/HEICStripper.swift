import FoundationEssentials
import Core

/// Removing an item from an ISOBMFF file would mean rewriting every offset after it, so the
/// Exif and XMP items are blanked instead: their bytes are overwritten with zeros where they
/// lie, and the file keeps its length and its validity.
enum HEICStripper {
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
