/// Builds children in Swift's own syntax: `if`, `for` and optionals read as in SwiftUI. A block
/// is one `Node` holding its parts (no array per child), copied once into the element around
/// it; the content closure still hands its parent `[Node]`.
@resultBuilder
public enum NodeBuilder {
    public static func buildExpression(_ node: Node) -> Node { node }
    public static func buildExpression(_ nodes: [Node]) -> Node { .fragment(nodes) }
    public static func buildExpression(_ text: String) -> Node { .text(text) }
    public static func buildBlock() -> Node { .empty }
    public static func buildBlock(_ part: Node) -> Node { part }
    public static func buildBlock(_ parts: Node...) -> Node { .fragment(parts) }
    public static func buildOptional(_ part: Node?) -> Node { part ?? .empty }
    public static func buildEither(first: Node) -> Node { first }
    public static func buildEither(second: Node) -> Node { second }
    public static func buildArray(_ parts: [Node]) -> Node { .fragment(parts) }
    public static func buildFinalResult(_ node: Node) -> [Node] { [node] }
}

/// An element with attributes and children: `el("p", .class("note")) { "text" }`.
public func el(_ tag: StaticString, _ attributes: Attribute?..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag, attributes: attributes, children: content())
}

/// An element with attributes given as an array (for attributes that depend on data).
public func el(_ tag: StaticString, attributes: [Attribute?], @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag, attributes: attributes, children: content())
}

public extension Attribute {
    static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    static func id(_ value: String) -> Attribute { Attribute("id", value) }
    static func href(_ value: String) -> Attribute { Attribute("href", value) }
    static func name(_ value: String) -> Attribute { Attribute("name", value) }
    static func value(_ value: String) -> Attribute { Attribute("value", value) }
    static func type(_ value: String) -> Attribute { Attribute("type", value) }
    static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    static func aria(label value: String) -> Attribute { Attribute("aria-label", value) }
    static func data(_ name: StaticString, _ value: String) -> Attribute { Attribute(name, value) }
    static var required: Attribute { Attribute("required", nil) }
    static var checked: Attribute { Attribute("checked", nil) }
    static var selected: Attribute { Attribute("selected", nil) }
    static var hidden: Attribute { Attribute("hidden", nil) }
}

/// Common shapes of the pages.
public enum Tags {
    /// A labelled input: the label's `for` names the input's id, so a tap on the text focuses it.
    public static func field(_ label: String, name: String, type: String = "text", value: String? = nil, id: String? = nil,
                             extra: [Attribute] = []) -> Node {
        let id = id ?? "f-" + name
        return el("div", .class("field")) {
            el("label", .for(id)) { label }
            el("input", attributes: [.id(id), .name(name), .type(type), value.map { .value($0) }] + extra)
        }
    }

    public static func hidden(_ name: String, _ value: String) -> Node {
        el("input", .type("hidden"), .name(name), .value(value))
    }

    /// A `<select>` whose options are (value, text) pairs.
    public static func select(_ label: String, name: String, options: [(value: String, text: String)], selected: String?) -> Node {
        let id = "f-" + name
        return el("div", .class("field")) {
            el("label", .for(id)) { label }
            el("select", .id(id), .name(name)) {
                for option in options {
                    el("option", attributes: [.value(option.value), option.value == selected ? .selected : nil]) { option.text }
                }
            }
        }
    }
}
