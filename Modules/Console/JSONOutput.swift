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
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
