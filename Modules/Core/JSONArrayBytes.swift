/// JSON texts (documents already serialized) as the elements of one array, in UTF-8: what a page
/// of Nightscout documents answers, whichever engine read them.
public enum JSONArrayBytes {
    public static let null: [UInt8] = Array("null".utf8)

    public static func joining(_ texts: [String]) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(texts.reduce(2) { $0 + $1.utf8.count + 1 })
        bytes.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) } // one copy, not a byte at a time
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
