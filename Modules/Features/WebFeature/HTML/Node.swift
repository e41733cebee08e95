/// HTML as a typed tree (the idea of pointfreeco/swift-html, in our own small code): text and
/// attribute values are escaped as each node is built, so what a person typed can never become
/// markup. Tag and attribute names are `StaticString`s: only the code names them. The one way
/// around escaping is `Node.trusted`, for markup this codebase generated with its own escaping
/// (the charts' SVG).
public struct Node: Sendable {
    /// A node is rendered as soon as it is built (an element's bytes hold its children's), so
    /// a page is never a tree of boxes walked afterwards. A lone text stays a `String` until it
    /// lands in its parent, escaped there: no buffer of its own.
    enum Content: Sendable {
        case markup([UInt8])
        case text(String)
        /// A builder block's parts, copied once into the element that holds them.
        case nodes([Node])
    }

    let content: Content

    init(markup: [UInt8]) { content = .markup(markup) }

    private init(content: Content) { self.content = content }

    public static func text(_ text: String) -> Node { Node(content: .text(text)) }

    public static func trusted(_ markup: TrustedMarkup) -> Node { Node(markup: Array(markup.markup.utf8)) }

    public static func fragment(_ nodes: [Node]) -> Node {
        nodes.count == 1 ? nodes[0] : Node(content: .nodes(nodes))
    }

    static let empty = Node(markup: [])

    /// The bytes this node adds to its parent, escaping text; a lower bound for text that needs escaping.
    var byteCount: Int {
        switch content {
        case .markup(let bytes): bytes.count
        case .text(let text): text.utf8.count
        case .nodes(let nodes): Self.byteCount(nodes)
        }
    }

    static func byteCount(_ nodes: [Node]) -> Int {
        var count = 0
        for node in nodes { count += node.byteCount }
        return count
    }

    func append(to output: inout [UInt8]) {
        switch content {
        case .markup(let bytes): output.append(contentsOf: bytes)
        case .text(let text): HTMLBytes.appendEscaped(text, to: &output)
        case .nodes(let nodes): for node in nodes { node.append(to: &output) }
        }
    }

    public func render() -> String { render(after: "") }

    /// The node's HTML after `prefix` (`<!doctype html>`), decoded once.
    func render(after prefix: StaticString) -> String {
        if prefix.utf8CodeUnitCount == 0, case .markup(let bytes) = content { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes(after: prefix), as: UTF8.self)
    }

    /// The node's UTF-8 after `prefix`: what a response sends, never decoded into a String.
    func bytes(after prefix: StaticString) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8CodeUnitCount + byteCount)
        HTMLBytes.append(prefix, to: &bytes)
        append(to: &bytes)
        return bytes
    }

    public func render(into output: inout String) {
        output += render()
    }

    /// `<tag attributes>children</tag>`, or only the opening tag for a void element.
    static func element(_ tag: StaticString, attributes: [Attribute?], children: [Node]) -> Node {
        let isVoid = HTMLBytes.isVoid(tag)
        var bytes: [UInt8] = []
        var capacity = 2 * tag.utf8CodeUnitCount + 5 + (isVoid ? 0 : byteCount(children))
        for case let attribute? in attributes { capacity += attribute.name.utf8CodeUnitCount + (attribute.value?.utf8.count ?? 0) + 4 }
        bytes.reserveCapacity(capacity)
        bytes.append(0x3C) // <
        HTMLBytes.append(tag, to: &bytes)
        for case let attribute? in attributes { attribute.render(into: &bytes) }
        bytes.append(0x3E) // >
        guard !isVoid else { return Node(markup: bytes) }
        for child in children { child.append(to: &bytes) }
        bytes.append(0x3C) // </
        bytes.append(0x2F)
        HTMLBytes.append(tag, to: &bytes)
        bytes.append(0x3E)
        return Node(markup: bytes)
    }
}

/// One attribute: a name the code wrote and a value escaped on output. A nil value is a boolean
/// attribute (`required`). A URL attribute whose value has a scheme other than http(s) or
/// mailto (`javascript:`) renders as `#`.
public struct Attribute: Sendable {
    let name: StaticString
    let value: String?

    public init(_ name: StaticString, _ value: String?) {
        self.name = name
        self.value = value
    }

    func render(into output: inout [UInt8]) {
        output.append(0x20)
        HTMLBytes.append(name, to: &output)
        guard let value else { return }
        output.append(0x3D) // ="
        output.append(0x22)
        if HTMLBytes.isURLAttribute(name) && !HTMLBytes.isSafeURL(value) {
            output.append(0x23) // #
        } else {
            HTMLBytes.appendEscaped(value, to: &output)
        }
        output.append(0x22)
    }

    /// Relative URLs and http(s)/mailto ones; anything else with a scheme is refused.
    static func isSafeURL(_ value: String) -> Bool {
        let lowered = value.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).lowercased()
        guard let colon = lowered.firstIndex(of: ":") else { return true }
        let beforeColon = lowered[..<colon]
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        return ["http", "https", "mailto"].contains(String(beforeColon))
    }
}

/// Markup this codebase generated and escaped itself. Never made from a request.
public struct TrustedMarkup: Sendable {
    let markup: String

    /// - Parameter markup: SVG or HTML whose every piece of text went through an escaping
    ///   function (`SVGDrawing.escape`); the caller vouches for it.
    public init(generatedSVG markup: String) {
        self.markup = markup
    }
}

/// The five characters that can end text or an attribute value, as character references.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        HTMLBytes.appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
