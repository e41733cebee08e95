/// The unit a person reads and types weights in — body weight and loads alike. Everything is
/// stored in kilograms; only what is shown and typed without a unit follows this.
public enum WeightUnit: String, Sendable, CaseIterable {
    case kg, lb

    /// The international avoirdupois pound.
    public static let kilogramsPerPound = 0.453_592_37

    /// A stored setting; anything unknown reads as kilograms.
    public init(stored: String?) { self = stored.flatMap(WeightUnit.init(rawValue:)) ?? .kg }

    /// Kilograms of a value written in this unit.
    public func kilograms(_ value: Double) -> Double { self == .lb ? value * Self.kilogramsPerPound : value }

    /// A weight in kilograms, in this unit.
    public func value(ofKilograms kilograms: Double) -> Double { self == .lb ? kilograms / Self.kilogramsPerPound : kilograms }
}
