import FoundationEssentials

extension Output {
    /// Prints `value` as one line of JSON with sorted keys: the stable contract scripts read.
    public func printJSON<T: Encodable>(_ value: T) throws {
        print(try JSONText.encode(value))
    }
}

public enum JSONText {
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingControlCharacters(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// The encoder writes C0 controls as `\u00XX` but DEL and the C1 controls as they are:
    /// those are escaped too, so the JSON is exact (the same strings) and safe on a terminal.
    static func escapingControlCharacters(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: \.isControlCharacter) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 12)
        for scalar in json.unicodeScalars {
            if scalar.isControlCharacter {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
