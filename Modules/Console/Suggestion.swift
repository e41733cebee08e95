/// The did-you-mean engine for mistyped commands, options and values.
public enum Suggestion {
    /// The candidate the input most likely meant, or nil when none is close enough.
    /// Close means an edit distance (with transpositions) of at most 2, or 1 for names of up to
    /// four characters; failing that, a unique candidate that starts with the input.
    public static func closest(to input: String, among candidates: [String]) -> String? {
        let typed = Array(input.lowercased())
        guard !typed.isEmpty else { return nil }

        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let name = Array(candidate.lowercased())
            let limit = min(typed.count, name.count) <= 4 ? 1 : 2
            let distance = editDistance(typed, name)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        if let best { return best.candidate }

        let prefixed = candidates.filter { $0.lowercased().hasPrefix(input.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance: Levenshtein plus swaps of adjacent characters
    /// ("insluin" is one edit from "insulin").
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
