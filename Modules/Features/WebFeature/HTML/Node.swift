/// HTML as a typed tree (the idea of pointfreeco/swift-html, in our own small code): text and
/// attribute values are escaped when the tree is rendered, so what a person typed can never
/// become markup. Tag and attribute names are `StaticString`s: only the code names them.
/// The one way around escaping is `Node.trusted`, for markup this codebase generated with its
/// own escaping (the charts' SVG).
public indirect enum Node: Sendable {
    case element(tag: StaticString, attributes: [Attribute], children: [Node])
    case text(String)
    case trusted(TrustedMarkup)
    case fragment([Node])

    /// Elements that never have content or a closing tag.
    static let voidTags: Set<String> = ["area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"]

    public func render() -> String {
        var output = ""
        output.reserveCapacity(4096)
        render(into: &output)
        return output
    }

    public func render(into output: inout String) {
        switch self {
        case .text(let text):
            HTMLEscaping.appendText(text, to: &output)
        case .trusted(let markup):
            output += markup.markup
        case .fragment(let nodes):
            for node in nodes { node.render(into: &output) }
        case .element(let tag, let attributes, let children):
            let name = tag.description
            output += "<" + name
            for attribute in attributes { attribute.render(into: &output) }
            output += ">"
            guard !Self.voidTags.contains(name) else { return }
            for child in children { child.render(into: &output) }
            output += "</" + name + ">"
        }
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

    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster"]

    func render(into output: inout String) {
        let name = self.name.description
        output += " " + name
        guard let value else { return }
        output += "=\""
        let safe = Self.urlAttributes.contains(name) && !Self.isSafeURL(value) ? "#" : value
        HTMLEscaping.appendAttribute(safe, to: &output)
        output += "\""
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
        var output = ""
        appendAttribute(text, to: &output)
        return output
    }

    static func appendText(_ text: String, to output: inout String) {
        appendAttribute(text, to: &output)
    }

    static func appendAttribute(_ text: String, to output: inout String) {
        // Fast path: most text has nothing to escape.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            output += text
            return
        }
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
    }
}
