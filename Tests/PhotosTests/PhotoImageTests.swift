import Core
import Domain
@testable import Photos
import Foundation
import Testing

// MARK: - Building images by hand

/// Concatenates byte arrays (long `+` chains of array literals are slow to type-check).
private func join(_ parts: [UInt8]...) -> [UInt8] { parts.flatMap { $0 } }
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
private func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
private func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
private func repeated(_ byte: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: byte, count: count) }

private func contains(_ haystack: some Collection<UInt8>, _ needle: [UInt8]) -> Bool {
    let haystack = Array(haystack)
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}

private func contains(_ haystack: some Collection<UInt8>, _ needle: String) -> Bool { contains(haystack, bytes(needle)) }

/// What a camera writes into Exif: a TIFF header, an IFD0 entry pointing at the GPS IFD (tag
/// 0x8825) and the coordinates.
private let exifTIFF: [UInt8] = join(bytes("MM"), [0, 0x2A], be32(8), be16(1),
                                     [0x88, 0x25, 0, 4], be32(1), be32(26), be32(0), bytes("GPS 48.8566 N 2.3522 E"))
private let xmpPacket = bytes(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="48,51.4N"/></x:xmpmeta>"#)

private enum JPEGSample {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] { join([0xFF, marker], be16(payload.count + 2), payload) }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static let eoi: [UInt8] = [0xFF, 0xD9]
    static let jfif = segment(0xE0, join(bytes("JFIF\0"), [1, 1, 0, 0, 1, 0, 1, 0, 0]))
    static let exif = segment(0xE1, join(bytes("Exif\0\0"), exifTIFF))
    static let xmp = segment(0xE1, join(bytes("http://ns.adobe.com/xap/1.0/\0"), xmpPacket))
    static let icc = segment(0xE2, join(bytes("ICC_PROFILE\0"), [1, 1], bytes("fake sRGB profile")))
    static let adobe = segment(0xEE, join(bytes("Adobe"), [0, 100, 0, 0, 0, 0, 1]))
    static let iptc = segment(0xED, bytes("Photoshop 3.0\08BIM Paris"))
    static let comment = segment(0xFE, bytes("taken at home"))
    static let dqt = segment(0xDB, join([0], repeated(1, 64)))
    static let sof = segment(0xC0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
    static let dht = segment(0xC4, join([0], repeated(0, 15), [1, 0]))
    static let sos = segment(0xDA, [1, 1, 0, 0, 63, 0])
    /// Entropy-coded data with a stuffed 0xFF and a restart marker, which are not segment markers.
    static let scan: [UInt8] = [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78, 0x9A]

    static let full = join(soi, jfif, exif, xmp, icc, iptc, adobe, comment, dqt, sof, dht, sos, scan, eoi)
    static let stripped = join(soi, jfif, icc, adobe, dqt, sof, dht, sos, scan, eoi)

    static let broken: [(String, [UInt8])] = [
        ("cut inside APP1", Array(full.prefix(soi.count + jfif.count + 10))),
        ("cut inside the scan, no EOI", Array(full.dropLast(2))),
        ("no scan", join(soi, jfif, eoi)),
        ("segment length 1", join(soi, [0xFF, 0xE0, 0x00, 0x01], sos, scan, eoi)),
        ("segment length 0", join(soi, [0xFF, 0xE1, 0x00, 0x00], sos, scan, eoi)),
        ("segment length past the end", join(soi, [0xFF, 0xE1, 0xFF, 0xFF], bytes("Exif"))),
        ("garbage instead of a marker", join(soi, jfif, [0x00, 0x11], eoi)),
        ("a second SOI", join(soi, jfif, soi, sos, scan, eoi)),
        ("only the signature", [0xFF, 0xD8, 0xFF]),
    ]
}

private enum PNGSample {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        join(be32(data.count), bytes(type), data, be32(Int(crc32(join(bytes(type), data)))))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    static let ihdr = chunk("IHDR", join(be32(1), be32(1), [8, 2, 0, 0, 0]))
    static let exif = chunk("eXIf", exifTIFF)
    static let xmp = chunk("iTXt", join(bytes("XML:com.adobe.xmp\0\0\0\0\0"), xmpPacket))
    static let text = chunk("tEXt", bytes("Location\0Paris"))
    static let ztxt = chunk("zTXt", join(bytes("Comment\0\0"), [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
    static let time = chunk("tIME", [0x07, 0xEA, 3, 11, 12, 0, 0])
    static let srgb = chunk("sRGB", [0])
    static let idat = chunk("IDAT", [0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00])
    static let iend = chunk("IEND", [])

    static let full = join(signature, ihdr, exif, srgb, xmp, text, ztxt, time, idat, iend, bytes("GPS after the end"))
    static let stripped = join(signature, ihdr, srgb, idat, iend)

    static let broken: [(String, [UInt8])] = [
        ("cut inside eXIf", Array(full.prefix(signature.count + ihdr.count + 9))),
        ("IHDR not first", join(signature, srgb, ihdr, idat, iend)),
        ("no IEND", join(signature, ihdr, idat)),
        ("length 0xFFFFFFFF", join(signature, ihdr, [0xFF, 0xFF, 0xFF, 0xFF], bytes("IDAT"), [1, 2, 3])),
        ("length 0x7FFFFFFF", join(signature, ihdr, [0x7F, 0xFF, 0xFF, 0xFF], bytes("IDAT"), [1, 2, 3])),
        ("only the signature", signature),
    ]
}

private enum WebPSample {
    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        join(bytes(type), le32(payload.count), payload, payload.count.isMultiple(of: 2) ? [] : [0])
    }

    static func riff(_ chunks: [UInt8]) -> [UInt8] { join(bytes("RIFF"), le32(chunks.count + 4), bytes("WEBP"), chunks) }

    /// ICC (0x20), EXIF (0x08) and XMP (0x04) announced; a 1×1 canvas.
    static let vp8x = chunk("VP8X", [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    static let iccp = chunk("ICCP", bytes("fake sRGB profile!"))
    /// An odd-length payload, so the chunk carries a padding byte.
    static let vp8l = chunk("VP8L", [0x2F, 0x00, 0x00, 0x00, 0x00, 0x07, 0x10, 0x11, 0x22])
    static let exif = chunk("EXIF", join(exifTIFF, [0x01]))
    static let xmp = chunk("XMP ", xmpPacket)

    static let full = riff(join(vp8x, iccp, vp8l, exif, xmp))

    static let broken: [(String, [UInt8])] = [
        ("cut inside VP8L", Array(full.prefix(12 + vp8x.count + iccp.count + 12))),
        ("chunk size 0xFFFFFFFF", riff(join(bytes("VP8L"), [0xFF, 0xFF, 0xFF, 0xFF], [1, 2, 3, 4]))),
        ("RIFF size 0xFFFFFFFF", join(bytes("RIFF"), [0xFF, 0xFF, 0xFF, 0xFF], bytes("WEBP"), vp8l)),
        ("RIFF size below 4", join(bytes("RIFF"), le32(2), bytes("WEBP"), vp8l)),
        ("EXIF first", riff(join(exif, vp8l))),
        ("no chunk", riff([])),
        ("short VP8X", riff(join(chunk("VP8X", [0x08, 0, 0, 0]), vp8l))),
        ("half a chunk header", riff(join(vp8l, bytes("EXIF")))),
    ]
}

private enum HEICSample {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { join(be32(payload.count + 8), bytes(type), payload) }
    static func fullBox(_ type: String, version: UInt8, _ payload: [UInt8]) -> [UInt8] { box(type, join([version, 0, 0, 0], payload)) }

    static let ftyp = box("ftyp", join(bytes("heic"), be32(0), bytes("mif1heic")))
    static let hdlr = fullBox("hdlr", version: 0, join(be32(0), bytes("pict"), repeated(0, 13)))
    static let pitm = fullBox("pitm", version: 0, be16(1))
    static let hevcData = bytes("HEVC-coded pixels, kept as they are")
    static let exifData = join(be32(0), bytes("Exif\0\0"), exifTIFF)
    static let xmpData = xmpPacket

    enum Metadata { case exif, xmp }

    /// ftyp, meta (hdlr, pitm, iinf with an hvc1 item and one metadata item, iloc) and mdat holding
    /// the pixels then the metadata. `ilocVersion` 0 writes 4-byte offsets; 1 writes 8-byte offsets,
    /// a 4-byte base offset (the mdat's) and the given construction method for the metadata item;
    /// 2 does the same with 32-bit item IDs. `rawMetadataOffset` replaces the metadata item's
    /// 8-byte extent offset (versions 1 and 2).
    static func file(_ metadata: Metadata = .exif, ilocVersion: UInt8 = 0, constructionMethod: Int = 0,
                     exifOffsetShift: Int = 0, rawMetadataOffset: [UInt8]? = nil) -> (data: [UInt8], metadataRange: Range<Int>) {
        let metadataData = metadata == .exif ? exifData : xmpData
        let hvc1 = fullBox("infe", version: 2, join(be16(1), be16(0), bytes("hvc1"), [0]))
        let metadataEntry = metadata == .exif
            ? fullBox("infe", version: 2, join(be16(2), be16(0), bytes("Exif"), [0]))
            : fullBox("infe", version: 2, join(be16(2), be16(0), bytes("mime"), [0], bytes("application/rdf+xml\0")))
        let iinf = fullBox("iinf", version: 0, join(be16(2), hvc1, metadataEntry))

        func meta(mdatStart: Int) -> [UInt8] {
            let pixels = mdatStart + 8
            let metadataStart = pixels + hevcData.count + exifOffsetShift
            let iloc: [UInt8]
            if ilocVersion == 0 {
                let pixelItem = join(be16(1), be16(0), be16(1), be32(pixels), be32(hevcData.count))
                let metadataItem = join(be16(2), be16(0), be16(1), be32(metadataStart), be32(metadataData.count))
                iloc = fullBox("iloc", version: 0, join([0x44, 0x00], be16(2), pixelItem, metadataItem))
            } else {
                let number: (Int) -> [UInt8] = ilocVersion == 2 ? { be32($0) } : { be16($0) }
                let pixelItem = join(number(1), be16(0), be16(0), be32(0), be16(1), be32(0), be32(pixels), be32(hevcData.count))
                let offset = rawMetadataOffset ?? join(be32(0), be32(metadataStart - mdatStart))
                let metadataItem = join(number(2), be16(constructionMethod), be16(0), be32(mdatStart), be16(1),
                                        offset, be32(metadataData.count))
                iloc = fullBox("iloc", version: ilocVersion, join([0x84, 0x40], number(2), pixelItem, metadataItem))
            }
            return fullBox("meta", version: 0, join(hdlr, pitm, iinf, iloc))
        }
        let mdatStart = ftyp.count + meta(mdatStart: 0).count
        let data = join(ftyp, meta(mdatStart: mdatStart), box("mdat", join(hevcData, metadataData)))
        let start = mdatStart + 8 + hevcData.count
        return (data, start..<(start + metadataData.count))
    }

    static let broken: [(String, [UInt8])] = [
        ("cut inside mdat", Array(file().data.dropLast(5))),
        ("box size 0xFFFFFFFF", join(ftyp, [0xFF, 0xFF, 0xFF, 0xFF], bytes("meta"), [0, 0, 0, 0])),
        ("large size near UInt64.max", join(ftyp, be32(1), bytes("mdat"), repeated(0xFF, 8))),
        ("large size Int.max", join(ftyp, be32(1), bytes("mdat"), [0x7F], repeated(0xFF, 7))),
        ("box size below its header", join(ftyp, be32(4), bytes("free"))),
        ("no meta", join(ftyp, box("mdat", hevcData))),
        ("Exif in idat", file(ilocVersion: 1, constructionMethod: 1).data),
        ("Exif built from items", file(ilocVersion: 1, constructionMethod: 2).data),
        ("Exif extent past the end", file(exifOffsetShift: 1000).data),
        ("Exif extent at 2 GiB", file(exifOffsetShift: 0x7FFF_FFF0).data),
        ("Exif offset overflowing with the base offset", file(ilocVersion: 1, rawMetadataOffset: join([0x7F], repeated(0xFF, 7))).data),
        ("Exif offset beyond Int", file(ilocVersion: 1, rawMetadataOffset: repeated(0xFF, 8)).data),
        ("trailing bytes", join(file().data, [1, 2, 3])),
    ]
}

private let unsupportedSamples: [(String, [UInt8])] = [
    ("GIF", join(bytes("GIF89a"), [1, 0, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B])),
    ("text", bytes("Hello, this is not a photo.\n")),
    ("a lone FF D8", [0xFF, 0xD8]),
    ("RIFF WAVE", join(bytes("RIFF"), le32(4), bytes("WAVE"))),
    ("MP4", HEICSample.box("ftyp", join(bytes("isom"), be32(0), bytes("isomavc1")))),
    ("half a PNG signature", Array(PNGSample.signature.prefix(5))),
]

/// Files that Debian packages on this machine ship (the tests that use them are skipped elsewhere).
private let systemJPEG = "/usr/share/doc/nodejs/thin-white-stripe.jpg"
private let systemPNG = "/usr/share/gitweb/static/git-logo.png"

private func sanitize(_ bytes: [UInt8]) throws -> (format: PhotoFormat, data: [UInt8]) {
    let result = try PhotoImage.sanitize(Data(bytes))
    return (result.format, [UInt8](result.data))
}

private func refusal(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> AppError? {
    #expect(throws: AppError.self, sourceLocation: sourceLocation) { try PhotoImage.sanitize(Data(bytes)) }
}

// MARK: - Tests

@Suite("A photo of the day is recognised by its bytes and loses its location metadata")
struct PhotoImageTests {
    @Test("media types")
    func mediaTypes() {
        #expect(PhotoFormat.allCases.map(\.mediaType) == ["image/jpeg", "image/png", "image/webp", "image/heic"])
    }

    // MARK: JPEG

    @Test("JPEG: Exif, XMP, IPTC and comments are dropped; JFIF, ICC, Adobe, tables and the scan are kept byte for byte")
    func jpegStrip() throws {
        let result = try sanitize(JPEGSample.full)
        #expect(result.format == .jpeg)
        #expect(result.data == JPEGSample.stripped)
        for marker in ["Exif", "GPS", "xmpmeta", "http://ns.adobe.com/xap", "Photoshop", "Paris", "taken at home"] {
            #expect(!contains(result.data, marker), "\(marker) survived")
        }
        #expect(contains(result.data, JPEGSample.icc))
        let scanToEnd = join(JPEGSample.sos, JPEGSample.scan, JPEGSample.eoi)
        #expect(Array(result.data.suffix(scanToEnd.count)) == scanToEnd)
    }

    @Test("JPEG: fill bytes are dropped, TEM and restart markers stand alone")
    func jpegFillAndStandalone() throws {
        let input = join(JPEGSample.soi, [0xFF, 0xFF, 0xFF], JPEGSample.jfif, [0xFF, 0x01], [0xFF, 0xFF], JPEGSample.exif,
                         JPEGSample.dqt, [0xFF, 0xD3], JPEGSample.sof, JPEGSample.sos, JPEGSample.scan, [0xFF, 0xFF], JPEGSample.eoi)
        let expected = join(JPEGSample.soi, JPEGSample.jfif, [0xFF, 0x01], JPEGSample.dqt, [0xFF, 0xD3], JPEGSample.sof,
                            JPEGSample.sos, JPEGSample.scan, JPEGSample.eoi)
        #expect(try sanitize(input).data == expected)
    }

    @Test("JPEG: every progressive scan is kept; metadata between scans and trailers after EOI are dropped")
    func jpegProgressiveAndTrailer() throws {
        let secondScan: [UInt8] = [0xAB, 0xFF, 0x00, 0xCD]
        let trailer = bytes("....ftypmp42 moov udta ©xyz +48.85+002.35/")
        let input = join(JPEGSample.soi, JPEGSample.jfif, JPEGSample.dqt, JPEGSample.sof, JPEGSample.dht, JPEGSample.sos,
                         JPEGSample.scan, JPEGSample.dht, JPEGSample.exif, JPEGSample.sos, secondScan, JPEGSample.eoi, trailer)
        let expected = join(JPEGSample.soi, JPEGSample.jfif, JPEGSample.dqt, JPEGSample.sof, JPEGSample.dht, JPEGSample.sos,
                            JPEGSample.scan, JPEGSample.dht, JPEGSample.sos, secondScan, JPEGSample.eoi)
        #expect(try sanitize(input).data == expected)
    }

    @Test("JPEG: a clean image comes back unchanged")
    func jpegIdempotent() throws {
        #expect(try sanitize(JPEGSample.stripped).data == JPEGSample.stripped)
    }

    @Test("JPEG: truncated, without a scan, without EOI or with a bad segment length is invalid_image",
          arguments: JPEGSample.broken)
    func jpegBroken(_ name: String, _ input: [UInt8]) {
        let error = refusal(input)
        #expect(error?.code == "invalid_image", "\(name)")
        #expect(error?.kind == .unprocessable)
    }

    // MARK: PNG

    @Test("PNG: eXIf, text chunks (XMP in iTXt) and tIME are dropped; IHDR, sRGB, IDAT and IEND are kept byte for byte")
    func pngStrip() throws {
        let result = try sanitize(PNGSample.full)
        #expect(result.format == .png)
        #expect(result.data == PNGSample.stripped)
        for marker in ["eXIf", "iTXt", "tEXt", "zTXt", "tIME", "GPS", "xmpmeta", "Paris"] {
            #expect(!contains(result.data, marker), "\(marker) survived")
        }
        #expect(contains(result.data, PNGSample.idat))
        #expect(Array(result.data.suffix(PNGSample.iend.count)) == PNGSample.iend)
    }

    @Test("PNG: truncated, IHDR not first, no IEND or a chunk length of 0xFFFFFFFF is invalid_image",
          arguments: PNGSample.broken)
    func pngBroken(_ name: String, _ input: [UInt8]) {
        let error = refusal(input)
        #expect(error?.code == "invalid_image", "\(name)")
        #expect(error?.kind == .unprocessable)
    }

    // MARK: WebP

    @Test("WebP: EXIF and XMP chunks are dropped, their VP8X flags cleared and the RIFF size rewritten")
    func webpStrip() throws {
        let result = try sanitize(WebPSample.full)
        #expect(result.format == .webp)
        let data = result.data
        let clearedVP8X = WebPSample.chunk("VP8X", [0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(data == WebPSample.riff(join(clearedVP8X, WebPSample.iccp, WebPSample.vp8l)))
        // The RIFF size covers everything after its own 8 bytes.
        let riffSize = data[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == data.count - 8)
        #expect(riffSize < WebPSample.full.count - 8)
        // VP8X flags (byte 20): ICC kept, EXIF and XMP cleared.
        #expect(data[20] == 0x20)
        #expect(contains(data, WebPSample.vp8l))
        for marker in ["EXIF", "XMP ", "GPS", "xmpmeta"] {
            #expect(!contains(data, marker), "\(marker) survived")
        }
    }

    @Test("WebP: bytes after the RIFF chunk are dropped")
    func webpTrailer() throws {
        let simple = WebPSample.riff(WebPSample.vp8l)
        #expect(try sanitize(join(simple, bytes("GPS"))).data == simple)
    }

    @Test("WebP: truncated, a chunk size of 0xFFFFFFFF or a wrong first chunk is invalid_image",
          arguments: WebPSample.broken)
    func webpBroken(_ name: String, _ input: [UInt8]) {
        let error = refusal(input)
        #expect(error?.code == "invalid_image", "\(name)")
        #expect(error?.kind == .unprocessable)
    }

    // MARK: HEIC

    @Test("HEIC: the Exif item's bytes are zeroed in place; everything else, and the length, stays")
    func heicExif() throws {
        let (input, exifRange) = HEICSample.file()
        #expect(contains(input, "GPS"))
        let result = try sanitize(input)
        #expect(result.format == .heic)
        #expect(result.data.count == input.count)
        #expect(result.data[exifRange].allSatisfy { $0 == 0 })
        #expect(result.data[..<exifRange.lowerBound] == input[..<exifRange.lowerBound])
        #expect(result.data[exifRange.upperBound...] == input[exifRange.upperBound...])
        #expect(!contains(result.data, "GPS"))
        #expect(contains(result.data, HEICSample.hevcData))
    }

    @Test("HEIC: an XMP mime item is zeroed too, with iloc version 1 and a base offset")
    func heicXMPWithIlocV1() throws {
        let (input, xmpRange) = HEICSample.file(.xmp, ilocVersion: 1)
        #expect(contains(input, "xmpmeta"))
        let result = try sanitize(input)
        #expect(result.data.count == input.count)
        #expect(result.data[xmpRange].allSatisfy { $0 == 0 })
        #expect(result.data[..<xmpRange.lowerBound] == input[..<xmpRange.lowerBound])
        #expect(!contains(result.data, "xmpmeta"))
    }

    @Test("HEIC: iloc version 2 (32-bit item IDs) is read too")
    func heicIlocV2() throws {
        let (input, exifRange) = HEICSample.file(ilocVersion: 2)
        let result = try sanitize(input)
        #expect(result.data.count == input.count)
        #expect(result.data[exifRange].allSatisfy { $0 == 0 })
        #expect(result.data[..<exifRange.lowerBound] == input[..<exifRange.lowerBound])
        #expect(!contains(result.data, "GPS"))
    }

    @Test("HEIC: a file without metadata items comes back unchanged (a last box of size 0 runs to the end)")
    func heicClean() throws {
        let ftyp = HEICSample.box("ftyp", join(bytes("mif1"), be32(0), bytes("mif1heic")))
        let meta = HEICSample.fullBox("meta", version: 0, HEICSample.hdlr)
        let input = join(ftyp, meta, [0, 0, 0, 0], bytes("mdat"), HEICSample.hevcData)
        let result = try sanitize(input)
        #expect(result.format == .heic)
        #expect(result.data == input)
    }

    @Test("HEIC: a zero-size box inside meta means 'to the end of meta' and does not loop")
    func heicZeroSizeChild() throws {
        let meta = HEICSample.fullBox("meta", version: 0, join(HEICSample.hdlr, [0, 0, 0, 0], bytes("free"), [1, 2, 3]))
        let input = join(HEICSample.ftyp, meta, HEICSample.box("mdat", HEICSample.hevcData))
        #expect(try sanitize(input).data == input)
    }

    @Test("HEIC: the brand decides: heic, heix, heim, heis, or mif1 without avif")
    func heicBrands() throws {
        let (file, _) = HEICSample.file()
        for brand in ["heix", "heim", "heis", "mif1"] {
            var input = file
            input.replaceSubrange(8..<12, with: bytes(brand))
            input.replaceSubrange(16..<24, with: bytes("mif1mif1"))
            #expect(try sanitize(input).format == .heic, "\(brand)")
        }
        var avif = file
        avif.replaceSubrange(8..<12, with: bytes("avif"))
        avif.replaceSubrange(16..<24, with: bytes("mif1miaf"))
        #expect(refusal(avif)?.code == "unsupported_image")
    }

    @Test("HEIC: truncated, bad box sizes, idat-stored metadata or extents outside the file are invalid_image",
          arguments: HEICSample.broken)
    func heicBroken(_ name: String, _ input: [UInt8]) {
        let error = refusal(input)
        #expect(error?.code == "invalid_image", "\(name)")
        #expect(error?.kind == .unprocessable)
    }

    // MARK: Refusals before parsing

    @Test("an empty photo is refused with empty_image")
    func empty() {
        let error = refusal([])
        #expect(error?.code == "empty_image")
        #expect(error?.kind == .invalidInput)
    }

    @Test("a photo over 10 MiB is refused with image_too_large; exactly 10 MiB is read")
    func tooLarge() {
        let over = refusal(join(JPEGSample.full, repeated(0, PhotoImage.maximumSize + 1 - JPEGSample.full.count)))
        #expect(over?.code == "image_too_large")
        #expect(over?.kind == .tooLarge)
        let atLimit = refusal(join(bytes("GIF89a"), repeated(0, PhotoImage.maximumSize - 6)))
        #expect(atLimit?.code == "unsupported_image")
    }

    @Test("bytes that are none of the four formats are refused with unsupported_image", arguments: unsupportedSamples)
    func unsupported(_ name: String, _ input: [UInt8]) {
        let error = refusal(input)
        #expect(error?.code == "unsupported_image", "\(name)")
        #expect(error?.kind == .invalidInput)
        #expect(error?.message.contains("JPEG, PNG, WebP or HEIC") == true)
    }

    // MARK: Hostile input

    @Test("every truncation and thousands of corrupted bytes end in a result or an AppError, never a crash")
    func hostileInput() {
        var random = SplitMix64(seed: 2026)
        let samples = [JPEGSample.full, PNGSample.full, WebPSample.full, HEICSample.file().data,
                       HEICSample.file(.xmp, ilocVersion: 1).data]
        for sample in samples {
            for length in 1..<sample.count {
                expectResultOrAppError(Array(sample.prefix(length)))
            }
            for _ in 0..<400 {
                var corrupted = sample
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let at = Int(random.next() % UInt64(corrupted.count))
                    let choices: [UInt8] = [0x00, 0xFF, 0x01, 0x7F, UInt8(truncatingIfNeeded: random.next())]
                    corrupted[at] = choices[Int(random.next() % 5)]
                }
                expectResultOrAppError(corrupted)
            }
        }
    }

    // MARK: Real files

    @Test("a real JPEG from this machine is accepted and stays a JPEG", .enabled(if: FileManager.default.fileExists(atPath: systemJPEG)))
    func realJPEG() throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: systemJPEG)))
        let result = try sanitize(input)
        #expect(result.format == .jpeg)
        #expect(result.data.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(Array(result.data.suffix(2)) == [0xFF, 0xD9])
        #expect(try sanitize(result.data).data == result.data)
    }

    @Test("a real PNG from this machine is accepted and stays a PNG", .enabled(if: FileManager.default.fileExists(atPath: systemPNG)))
    func realPNG() throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: systemPNG)))
        let result = try sanitize(input)
        #expect(result.format == .png)
        #expect(result.data.starts(with: PNGSample.signature))
        #expect(try sanitize(result.data).data == result.data)
    }
}

// MARK: - Helpers

private func expectResultOrAppError(_ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try PhotoImage.sanitize(Data(input))
    } catch is AppError {
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

/// A small deterministic generator, so that a failure can be replayed.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
