import FoundationEssentials
import Core

/// Walks the marker segments and keeps only those a decoder needs: Exif and XMP (APP1),
/// Photoshop/IPTC (APP13), every other APPn and comments can all carry a place.
enum JPEGStripper {
    static func strip(_ image: ImageBytes) throws -> [UInt8] {
        let raw = image.raw
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(raw.count)
        var position = 2
        var sawScan = false
        while true {
            guard position < raw.count, raw[position] == 0xFF else {
                throw image.broken(position < raw.count
                                   ? "a marker was expected at byte \(position)"
                                   : "it ends before the end-of-image marker")
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
