/// The two kinds of insulin the log knows.
public enum InsulinKind: String, Sendable, Codable, CaseIterable {
    /// Long-acting (basal), usually once a day in the evening.
    case long
    /// Rapid-acting (bolus), with meals or corrections.
    case rapid

    public var displayName: String {
        switch self {
        case .long: "long-acting"
        case .rapid: "rapid-acting"
        }
    }
}
