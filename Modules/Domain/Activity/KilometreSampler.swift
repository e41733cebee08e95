/// A piecewise-linear profile (cumulative distance → time or elevation) read at every whole
/// kilometre as its vertices stream in, and at the end of the track: exactly what
/// `Geo.interpolate` returns at those positions over the stored vertices, without storing them
/// (a long track's statistics stay in a few kilobytes).
///
/// Vertices arrive in non-decreasing position. Kilometre k (k · 1000 m) is known once a vertex
/// reaches it: it lies between that vertex and the one before (the last one below it), which
/// is the pair `Geo.interpolate`'s search finds; one never reached takes the last value.
struct KilometreSampler: Sendable {
    typealias Vertex = (position: Double, value: Double)
    /// The value at k · 1000 m for each k reached so far.
    private(set) var values: [Double] = []
    private(set) var first: Vertex?
    private(set) var last: Vertex?
    /// The first vertex at the largest position so far, and the vertex before it.
    private var tailStart: Vertex?
    private var beforeTail: Vertex?

    mutating func add(position: Double, value: Double) {
        let vertex = (position: position, value: value)
        if let last {
            if position > last.position {
                beforeTail = last
                tailStart = vertex
            }
            while Double(values.count) * 1000 <= position {
                // Unreached at `last`, so above it: `last` is the last vertex below, `vertex` the first at or past.
                values.append(Self.between(last, vertex, at: Double(values.count) * 1000))
            }
        } else {
            first = vertex
            tailStart = vertex
            while Double(values.count) * 1000 <= position { values.append(value) }
        }
        last = vertex
    }

    /// The value at k · 1000 m (nil without vertices).
    func value(kilometre k: Int) -> Double? {
        k < values.count ? values[k] : last?.value
    }

    /// The value at `position`, which is at or past every vertex (the track's end).
    func value(atEnd position: Double) -> Double? {
        guard let first, let last else { return nil }
        if position <= first.position { return first.value }
        if position > last.position { return last.value }
        // At the last position: between the first vertex there and the one before it.
        guard let beforeTail, let tailStart else { return last.value }
        return Self.between(beforeTail, tailStart, at: position)
    }

    /// `Geo.interpolate`'s formula, written the same way so that the result is the same double.
    private static func between(_ a: Vertex, _ b: Vertex, at position: Double) -> Double {
        let span = b.position - a.position
        return span > 0 ? a.value + (b.value - a.value) * (position - a.position) / span : b.value
    }
}
