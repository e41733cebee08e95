import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Encodes any `Encodable` to exactly the bytes of `JSONEncoder` with `[.sortedKeys,
/// .withoutEscapingSlashes]` and its default strategies (`HTTPResponse.json`), several times
/// faster: a small tree of plain values, each object's keys sorted once by their UTF-8 bytes,
/// written by `JSONWriter` (the couple home spent about 480k instructions in `JSONEncoder`).
/// `Data` is Base64, `URL` its absolute string, `Decimal` its digits, a `Date` what it encodes
/// itself (seconds since 2001), as `JSONEncoder` does them. Whatever it does not cover the same
/// way (a non-finite number, an error thrown while encoding, a value that encodes nothing,
/// `superEncoder`) returns nil: the caller then asks `JSONEncoder`, for its bytes or its error.
enum TreeJSONEncoder {
    static func encode<T: Encodable>(_ value: T) -> [UInt8]? {
        let root = TreeEncoder(parent: nil, key: nil)
        guard let node = try? root.box(value), !root.context.failed else { return nil }
        var writer = JSONWriter(capacity: 1024)
        node.write(to: &writer)
        return writer.isEncodable ? writer.bytes : nil
    }
}

/// A value on its way to JSON (not `indirect`: objects and arrays are boxes already, and an
/// indirect case would allocate for every string and number).
enum JSONNode {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    /// Digits already as JSONEncoder writes them (a `Float`, a `Decimal`, a `UInt64` beyond `Int`).
    case literal(String)
    case string(String)
    case object(JSONObjectBox)
    case array(JSONArrayBox)

    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.number(value)
        case .double(let value): writer.number(value)
        case .literal(let text): writer.raw(text)
        case .string(let text): writer.string(text)
        case .array(let box):
            writer.beginArray()
            for element in box.values { element.write(to: &writer) }
            writer.endArray()
        case .object(let box):
            writer.beginObject()
            let entries = box.entries
            // Keys by their UTF-8 bytes, a key written twice in the order written (the last one
            // wins, as in `JSONEncoder`); most types write theirs in order already.
            var order = Array(entries.indices)
            if !zip(order, order.dropFirst()).allSatisfy({ JSONObjectBox.precedes(entries[$0].key, entries[$1].key) }) {
                order.sort { JSONObjectBox.precedes(entries[$0].key, entries[$1].key) || (entries[$0].key == entries[$1].key && $0 < $1) }
            }
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, entries[order[position + 1]].key == entries[index].key { continue }
                writer.key(escaping: entries[index].key)
                entries[index].value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}

final class JSONObjectBox {
    /// One array, room for a usual object's fields at once: this is where the allocations were.
    var entries: [(key: String, value: JSONNode)]

    init() {
        entries = []
        entries.reserveCapacity(8)
    }

    /// A key encoded twice is sorted out when written.
    func set(_ key: String, _ value: JSONNode) {
        entries.append((key, value))
    }

    /// Whether `a` sorts strictly before `b` by their UTF-8 bytes (memcmp, not the generic views).
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order < 0 || (order == 0 && left.count < right.count)
            }
        }
    }
}

final class JSONArrayBox {
    var values: [JSONNode] = []
}

private struct FallBack: Error {}

/// Shared by every encoder of one value: set when something must go to `JSONEncoder` instead.
private final class TreeContext {
    var failed = false
}

private final class TreeEncoder: Encoder {
    let parent: TreeEncoder?
    let key: (any CodingKey)?
    let context: TreeContext
    var node: JSONNode?

    init(parent: TreeEncoder?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
        context = parent?.context ?? TreeContext()
    }

    /// Built only when a value asks: most never do.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: TreeEncoder? = self
        while let encoder = current {
            if let key = encoder.key { path.append(key) }
            current = encoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        if case .object(let existing) = node {
            box = existing
        } else {
            if node != nil { context.failed = true }
            box = JSONObjectBox()
            node = .object(box)
        }
        return KeyedEncodingContainer(TreeKeyedContainer(encoder: self, box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        if case .array(let existing) = node {
            box = existing
        } else {
            if node != nil { context.failed = true }
            box = JSONArrayBox()
            node = .array(box)
        }
        return TreeUnkeyedContainer(encoder: self, box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleContainer(encoder: self)
    }

    /// `value` as a node: the types JSONEncoder treats itself, else what it encodes.
    func box<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws -> JSONNode {
        // Metatypes compared, not casts tried one by one: this runs for every nested value.
        let type = T.self
        if type == String.self { return .string(value as! String) }
        if type == Int.self { return .integer(value as! Int) }
        if type == Double.self { return try double(value as! Double) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Data.self { return .string((value as! Data).base64EncodedString()) }
        if type == URL.self { return .string((value as! URL).absoluteString) }
        if type == Decimal.self {
            let decimal = value as! Decimal
            guard decimal.isFinite else { throw FallBack() }
            return .literal(decimal.description)
        }
        let child = TreeEncoder(parent: self, key: key)
        try value.encode(to: child)
        guard let node = child.node else { throw FallBack() } // JSONEncoder decides what nothing is
        return node
    }

    func double(_ value: Double) throws -> JSONNode {
        guard value.isFinite else { throw FallBack() }
        return .double(value)
    }

    func float(_ value: Float) throws -> JSONNode {
        guard value.isFinite else { throw FallBack() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    func integer<T: BinaryInteger>(_ value: T) -> JSONNode {
        if let small = Int(exactly: value) { return .integer(small) }
        return .literal(String(value))
    }

    /// Not followed: the value goes to JSONEncoder instead.
    func unsupportedEncoder() -> any Encoder {
        context.failed = true
        return TreeEncoder(parent: self, key: nil)
    }
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let box: JSONObjectBox
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(key.stringValue, try encoder.double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.set(key.stringValue, try encoder.float(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .integer(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(key.stringValue, encoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(key.stringValue, try encoder.box(value, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        box.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: TreeEncoder(parent: encoder, key: key), box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        box.set(key.stringValue, .array(nested))
        return TreeUnkeyedContainer(encoder: TreeEncoder(parent: encoder, key: key), box: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.unsupportedEncoder() }
}

private struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let box: JSONArrayBox
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.values.count }

    mutating func encodeNil() throws { box.values.append(.null) }
    mutating func encode(_ value: Bool) throws { box.values.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.values.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.values.append(try encoder.double(value)) }
    mutating func encode(_ value: Float) throws { box.values.append(try encoder.float(value)) }
    mutating func encode(_ value: Int) throws { box.values.append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { box.values.append(encoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { box.values.append(encoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        box.values.append(try encoder.box(value, key: TreeIndexKey(index: box.values.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        let key = TreeIndexKey(index: box.values.count)
        box.values.append(.object(nested))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: TreeEncoder(parent: encoder, key: key), box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let key = TreeIndexKey(index: box.values.count)
        box.values.append(.array(nested))
        return TreeUnkeyedContainer(encoder: TreeEncoder(parent: encoder, key: key), box: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
}

private struct TreeSingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: JSONNode) {
        if encoder.node != nil { encoder.context.failed = true } // a second value: JSONEncoder's error
        encoder.node = node
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try encoder.double(value)) }
    mutating func encode(_ value: Float) throws { set(try encoder.float(value)) }
    mutating func encode(_ value: Int) throws { set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(encoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(encoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try encoder.box(value)) }
}

private struct TreeIndexKey: CodingKey {
    let index: Int
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
